// ERROR: literal_hex_no_prefix.mlir:3:34: error: expected a hex string "0x..." in dense literal
func.func @main() -> tensor<f16> {
  %0 = stablehlo.constant dense<"3C00"> : tensor<f16>
  func.return %0 : tensor<f16>
}
