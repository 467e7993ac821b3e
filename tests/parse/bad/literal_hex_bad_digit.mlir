// ERROR: literal_hex_bad_digit.mlir:3:37: error: invalid hex digit in hex string
func.func @main() -> tensor<f16> {
  %0 = stablehlo.constant dense<"0x3G00"> : tensor<f16>
  func.return %0 : tensor<f16>
}
