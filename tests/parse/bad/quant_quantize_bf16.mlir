// ERROR: quant_quantize_bf16.mlir:4:8: error: 'stablehlo.uniform_quantize' on tensor<2xbf16>: unsupported input element type (REF's lowering quantizes f32 only) (docs/quantization.md)
func.func @main() -> tensor<2xi8> {
  %0 = stablehlo.constant dense<1.0> : tensor<2xbf16>
  %1 = stablehlo.uniform_quantize %0 : (tensor<2xbf16>) -> tensor<2x!quant.uniform<i8:bf16, 0.5>>
  %2 = stablehlo.bitcast_convert %1 : (tensor<2x!quant.uniform<i8:bf16, 0.5>>) -> tensor<2xi8>
  func.return %2 : tensor<2xi8>
}
