// ERROR: literal_hex_odd.mlir:3:36: error: hex string has an odd number of digits
func.func @main() -> tensor<f16> {
  %0 = stablehlo.constant dense<"0x3C0"> : tensor<f16>
  func.return %0 : tensor<f16>
}
