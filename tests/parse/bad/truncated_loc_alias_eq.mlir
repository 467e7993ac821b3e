// ERROR: truncated_loc_alias_eq.mlir:6:7: error: syntax error, unexpected end of file
func.func @main() -> tensor<i32> {
  %0 = stablehlo.constant dense<1> : tensor<i32>
  func.return %0 : tensor<i32>
}
#loc1 =