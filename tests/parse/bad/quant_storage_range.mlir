// ERROR: quant_storage_range.mlir:4:86: error: illegal storage range (MIN < MAX, both within the storage type's) in quantized type
func.func @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
  %1 = stablehlo.uniform_quantize %0 : (tensor<2xf32>) -> tensor<2x!quant.uniform<i4<-9:7>:f32, 0.5>>
  func.return %0 : tensor<2xf32>
}
