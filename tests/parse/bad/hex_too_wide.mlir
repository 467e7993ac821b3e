// ERROR: hex_too_wide.mlir:3:33: error: integer '0x1FF' out of range for i8
func.func @f() {
  %0 = stablehlo.constant dense<0x1FF> : tensor<i8>
  func.return
}
