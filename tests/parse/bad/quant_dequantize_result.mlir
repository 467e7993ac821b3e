// ERROR: quant_dequantize_result.mlir:5:8: error: 'stablehlo.uniform_dequantize' on tensor<2xf16>: the result of uniform_dequantize is the expressed type (docs/quantization.md)
func.func @main() -> tensor<2xf16> {
  %0 = stablehlo.constant dense<1> : tensor<2xi8>
  %1 = stablehlo.bitcast_convert %0 : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 0.5>>
  %2 = stablehlo.uniform_dequantize %1 : (tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2xf16>
  func.return %2 : tensor<2xf16>
}
