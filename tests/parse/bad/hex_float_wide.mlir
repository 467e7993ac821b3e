// ERROR: hex_float_wide.mlir:3:34: error: hex bit pattern 0x100 does not fit the 8 bits of f8E4M3FN
func.func @f() {
  %0 = stablehlo.constant dense<[0x100]> : tensor<1xf8E4M3FN>
  func.return
}
