// ERROR: custom_call_dyn_rw_count.mlir:8:8: error: '@stablehlo.dynamic_reduce_window' takes N inputs, N init values and 5 window operands and returns N results (N >= 1), got 6 operands and 1 results
func.func @sum(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %s = stablehlo.add %a, %b : tensor<f32>
  func.return %s : tensor<f32>
}
func.func @main(%x: tensor<?x3xf32>, %w: tensor<2xi32>, %p: tensor<2x2xi32>) -> tensor<?x3xf32> {
  %i = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.custom_call @stablehlo.dynamic_reduce_window(%x, %i, %w, %w, %w, %w) {called_computations = [@sum]} : (tensor<?x3xf32>, tensor<f32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x3xf32>
  func.return %r : tensor<?x3xf32>
}
