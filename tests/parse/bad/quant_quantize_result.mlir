// ERROR: quant_quantize_result.mlir:4:8: error: 'stablehlo.uniform_quantize' on tensor<2xi8>: the result of uniform_quantize is quantized (docs/quantization.md)
func.func @main() -> tensor<2xi8> {
  %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
  %1 = stablehlo.uniform_quantize %0 : (tensor<2xf32>) -> tensor<2xi8>
  func.return %1 : tensor<2xi8>
}
