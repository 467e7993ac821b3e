// ERROR: map_shapes_differ.mlir:5:28: error: 'stablehlo.map' operand #1 has shape tensor<3xf32>, expected the shape of tensor<2xf32>
func.func @f() {
  %a = stablehlo.constant dense<1.0> : tensor<2xf32>
  %b = stablehlo.constant dense<1.0> : tensor<3xf32>
  %r = "stablehlo.map"(%a, %b) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    stablehlo.return %x : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  func.return
}
