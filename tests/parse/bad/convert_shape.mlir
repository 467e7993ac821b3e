// ERROR: convert_shape.mlir:4:8: error: 'stablehlo.convert' requires equal shapes, got tensor<2xf32> and tensor<3xf16>
func.func @f() {
  %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
  %1 = stablehlo.convert %0 : (tensor<2xf32>) -> tensor<3xf16>
  func.return
}
