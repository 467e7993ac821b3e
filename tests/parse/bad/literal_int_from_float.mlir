// ERROR: literal_int_from_float.mlir:3:33: error: expected an integer for i32, got float '1.5'
func.func @main() -> tensor<i32> {
  %0 = stablehlo.constant dense<1.5> : tensor<i32>
  func.return %0 : tensor<i32>
}
