// ERROR: custom_call_dyn_rw_init.mlir:8:67: error: '@stablehlo.dynamic_reduce_window' init value #0 must be rank 0 of f32, got tensor<1xf32>
func.func @sum(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %s = stablehlo.add %a, %b : tensor<f32>
  func.return %s : tensor<f32>
}
func.func @main(%x: tensor<?x3xf32>, %w: tensor<2xi32>, %p: tensor<2x2xi32>) -> tensor<?x3xf32> {
  %i = stablehlo.constant dense<0.0> : tensor<1xf32>
  %r = stablehlo.custom_call @stablehlo.dynamic_reduce_window(%x, %i, %w, %w, %w, %w, %p) {called_computations = [@sum]} : (tensor<?x3xf32>, tensor<1xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<?x3xf32>
  func.return %r : tensor<?x3xf32>
}
