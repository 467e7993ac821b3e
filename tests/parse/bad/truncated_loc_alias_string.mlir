// ERROR: truncated_loc_alias_string.mlir:6:13: error: unterminated loc(...)
func.func @main() -> tensor<i32> {
  %0 = stablehlo.constant dense<1> : tensor<i32>
  func.return %0 : tensor<i32>
}
#loc1 = loc("a"