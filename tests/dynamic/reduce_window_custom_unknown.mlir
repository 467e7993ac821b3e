// ARGS: --args '[dense<[1.0,2.0,3.0]> : tensor<3xf32>, dense<2.0> : tensor<f32>]'
// ERROR: '@stablehlo.dynamic_reduce_window' window operands are not constants after refinement
// the window size comes from a float argument's value, which refinement does not fold
func.func @main(%x: tensor<?xf32>, %w: tensor<f32>) -> tensor<?xf32> {
  %wi = stablehlo.convert %w : (tensor<f32>) -> tensor<i32>
  %wd = stablehlo.reshape %wi : (tensor<i32>) -> tensor<1xi32>
  %one = stablehlo.constant dense<1> : tensor<1xi32>
  %pad = stablehlo.constant dense<0> : tensor<1x2xi32>
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.custom_call @stablehlo.dynamic_reduce_window(%x, %init, %wd, %one, %one, %one, %pad) {called_computations = [@sum]} : (tensor<?xf32>, tensor<f32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1x2xi32>) -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}
func.func private @sum(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %s = stablehlo.add %a, %b : tensor<f32>
  func.return %s : tensor<f32>
}
