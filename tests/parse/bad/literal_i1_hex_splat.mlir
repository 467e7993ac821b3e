// ERROR: literal_i1_hex_splat.mlir:3:36: error: a one-byte i1 splat must be 00, 01 or FF
func.func @main() -> tensor<16xi1> {
  %0 = stablehlo.constant dense<"0x05"> : tensor<16xi1>
  func.return %0 : tensor<16xi1>
}
