// ERROR: literal_int_range.mlir:3:33: error: integer '300' out of range for i8
func.func @main() -> tensor<i8> {
  %0 = stablehlo.constant dense<300> : tensor<i8>
  func.return %0 : tensor<i8>
}
