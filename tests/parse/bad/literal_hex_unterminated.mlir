// ERROR: literal_hex_unterminated.mlir:3:33: error: unterminated hex string
func.func @main() -> tensor<f16> {
  %0 = stablehlo.constant dense<"0x3C> : tensor<f16>
  func.return %0 : tensor<f16>
}
