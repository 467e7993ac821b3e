// ERROR: custom_call_dyn_rw_inputs.mlir:8:69: error: '@stablehlo.dynamic_reduce_window' inputs must be tensors of one shape, got tensor<?x3xf32> and tensor<?x4xf32>
func.func @sum(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  func.return %a, %b : tensor<f32>, tensor<f32>
}
func.func @main(%x: tensor<?x3xf32>, %y: tensor<?x4xf32>, %w: tensor<2xi32>, %p: tensor<2x2xi32>) -> tensor<?x3xf32> {
  %i = stablehlo.constant dense<0.0> : tensor<f32>
  // the second input's static dimension differs
  %r:2 = stablehlo.custom_call @stablehlo.dynamic_reduce_window(%x, %y, %i, %i, %w, %w, %w, %w, %p) {called_computations = [@sum]} : (tensor<?x3xf32>, tensor<?x4xf32>, tensor<f32>, tensor<f32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2x2xi32>) -> (tensor<?x3xf32>, tensor<?x3xf32>)
  func.return %r#0 : tensor<?x3xf32>
}
