// ERROR: literal_i1_range.mlir:3:33: error: integer '2' out of range for i1 (use 0, 1, true or false)
func.func @main() -> tensor<i1> {
  %0 = stablehlo.constant dense<2> : tensor<i1>
  func.return %0 : tensor<i1>
}
