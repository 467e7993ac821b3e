// ERROR: quant_syntax.mlir:4:90: error: expected ',' in quantized type
func.func @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
  %1 = stablehlo.uniform_quantize %0 : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32 0.5>>
  func.return %0 : tensor<2xf32>
}
