// ERROR: i8_range.mlir:3:37: error: integer '256' out of range for i8
func.func @f() {
  %0 = stablehlo.constant dense<[1, 256]> : tensor<2xi8>
  func.return
}
