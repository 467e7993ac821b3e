// ERROR: quant_axis_rank.mlir:4:59: error: quantized dimension 1 of a rank-1 tensor type
func.func @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
  %1 = stablehlo.uniform_quantize %0 : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32:1, {0.5:1,0.25:2}>>
  func.return %0 : tensor<2xf32>
}
