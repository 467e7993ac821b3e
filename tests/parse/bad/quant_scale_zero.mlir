// ERROR: quant_scale_zero.mlir:4:91: error: illegal scale (a scale is positive and finite) in quantized type
func.func @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
  %1 = stablehlo.uniform_quantize %0 : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.0:3>>
  func.return %0 : tensor<2xf32>
}
