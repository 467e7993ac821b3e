// ERROR: literal_hex_no_digits.mlir:3:35: error: expected hex digits after '0x'
func.func @main() -> tensor<f32> {
  %0 = stablehlo.constant dense<0x> : tensor<f32>
  func.return %0 : tensor<f32>
}
