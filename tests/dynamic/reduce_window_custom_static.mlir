// ERROR: custom call target '@stablehlo.dynamic_reduce_window' runs only as the op that shape refinement makes of it
// a program without `?` is not refined, so the custom call stays one
func.func @main() -> tensor<2xf32> {
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %one = stablehlo.constant dense<1> : tensor<1xi32>
  %pad = stablehlo.constant dense<0> : tensor<1x2xi32>
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.custom_call @stablehlo.dynamic_reduce_window(%x, %init, %one, %one, %one, %one, %pad) {called_computations = [@sum]} : (tensor<2xf32>, tensor<f32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1x2xi32>) -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}
func.func private @sum(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %s = stablehlo.add %a, %b : tensor<f32>
  func.return %s : tensor<f32>
}
