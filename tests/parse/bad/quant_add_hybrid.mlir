// ERROR: quant_add_hybrid.mlir:5:8: error: 'stablehlo.add' on tensor<2xf32>: a quantized add takes and gives quantized types only (REF's lowering) (docs/quantization.md)
func.func @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
  %1 = stablehlo.uniform_quantize %0 : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5>>
  %2 = stablehlo.add %0, %1 : (tensor<2xf32>, tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2xf32>
  func.return %2 : tensor<2xf32>
}
