// ERROR: map_dimensions.mlir:4:8: error: 'stablehlo.map' dimensions must be [0, 1], got [1, 0]
func.func @f() {
  %a = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %r = "stablehlo.map"(%a) ({
  ^bb0(%x: tensor<f32>):
    stablehlo.return %x : tensor<f32>
  }) {dimensions = array<i64: 1, 0>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return
}
