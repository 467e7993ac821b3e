// ERROR: custom_call_dyn_rw_result.mlir:8:8: error: '@stablehlo.dynamic_reduce_window' result #0 must be a tensor of rank 2 of f32, got tensor<?xf32>
func.func @sum(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %s = stablehlo.add %a, %b : tensor<f32>
  func.return %s : tensor<f32>
}
func.func @main(%x: tensor<?x3xf32>, %w: tensor<2xi32>, %p: tensor<2x2xi32>) -> tensor<?xf32> {
  %i = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.custom_call @stablehlo.dynamic_reduce_window(%x, %i, %w, %w, %w, %w, %p) {called_computations = [@sum]} : (tensor<?x3xf32>, tensor<f32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}
