// ARGS: --args '[dense<[1.0,2.0,3.0]> : tensor<3xf32>]'
// ERROR: '@stablehlo.dynamic_reduce_window' window operand #3 holds 3 values after refinement, not 1
// window_strides written tensor<?xi32> (so the load-time check lets it
// pass) and holding b values: refinement finds 3 where the rank is 1
func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %n1 = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %one = stablehlo.constant dense<1> : tensor<1xi32>
  %s = stablehlo.dynamic_broadcast_in_dim %one, %n1, dims = [0] : (tensor<1xi32>, tensor<1xi32>) -> tensor<?xi32>
  %pad = stablehlo.constant dense<0> : tensor<1x2xi32>
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.custom_call @stablehlo.dynamic_reduce_window(%x, %init, %one, %s, %one, %one, %pad) {called_computations = [@sum]} : (tensor<?xf32>, tensor<f32>, tensor<1xi32>, tensor<?xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1x2xi32>) -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}
func.func private @sum(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %s = stablehlo.add %a, %b : tensor<f32>
  func.return %s : tensor<f32>
}
