// ERROR: quant_storage_type.mlir:4:83: error: unsupported storage type (i2, i4, i8, i16, i32, ui2, ui4, ui8 or ui16) in quantized type
func.func @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
  %1 = stablehlo.uniform_quantize %0 : (tensor<2xf32>) -> tensor<2x!quant.uniform<i64:f32, 0.5>>
  func.return %0 : tensor<2xf32>
}
