// ERROR: quant_zero_point_range.mlir:4:98: error: zero point outside the storage range in quantized type
func.func @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
  %1 = stablehlo.uniform_quantize %0 : (tensor<2xf32>) -> tensor<2x!quant.uniform<ui8:f32, 0.5:-1>>
  func.return %0 : tensor<2xf32>
}
