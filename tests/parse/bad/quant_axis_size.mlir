// ERROR: quant_axis_size.mlir:4:59: error: quantized dimension 0 has size 3, not the 2 of its scales
func.func @main() -> tensor<3xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<3xf32>
  %1 = stablehlo.uniform_quantize %0 : (tensor<3xf32>) -> tensor<3x!quant.uniform<i8:f32:0, {0.5:1,0.25:2}>>
  func.return %0 : tensor<3xf32>
}
