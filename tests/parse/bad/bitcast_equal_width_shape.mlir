// ERROR: bitcast_equal_width_shape.mlir:4:8: error: 'stablehlo.bitcast_convert' between equal widths needs equal shapes, got tensor<2xf32> and tensor<3xi32>
func.func @main() -> tensor<3xi32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
  %1 = stablehlo.bitcast_convert %0 : (tensor<2xf32>) -> tensor<3xi32>
  func.return %1 : tensor<3xi32>
}
