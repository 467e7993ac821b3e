// ERROR: custom_call_dyn_rw_window.mlir:9:75: error: '@stablehlo.dynamic_reduce_window' window_strides (operand #3) must be a tensor<2xiN> of integers, got tensor<3xi32>
func.func @sum(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %s = stablehlo.add %a, %b : tensor<f32>
  func.return %s : tensor<f32>
}
func.func @main(%x: tensor<?x3xf32>, %w: tensor<2xi32>, %p: tensor<2x2xi32>) -> tensor<?x3xf32> {
  %i = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.constant dense<1> : tensor<3xi32>
  %r = stablehlo.custom_call @stablehlo.dynamic_reduce_window(%x, %i, %w, %s, %w, %w, %p) {called_computations = [@sum]} : (tensor<?x3xf32>, tensor<f32>, tensor<2xi32>, tensor<3xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<?x3xf32>
  func.return %r : tensor<?x3xf32>
}
