// ERROR: quant_dequantize_bf16.mlir:5:8: error: 'stablehlo.uniform_dequantize' on tensor<2x!quant.uniform<i8:bf16, 5.000000e-01>>: REF's lowering dequantizes to f32 only, so ir-run lowers f32 expressed types only (docs/quantization.md)
func.func @main() -> tensor<2xbf16> {
  %0 = stablehlo.constant dense<1> : tensor<2xi8>
  %1 = stablehlo.bitcast_convert %0 : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:bf16, 0.5>>
  %2 = stablehlo.uniform_dequantize %1 : (tensor<2x!quant.uniform<i8:bf16, 0.5>>) -> tensor<2xbf16>
  func.return %2 : tensor<2xbf16>
}
