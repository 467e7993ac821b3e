// ERROR: truncated_loc_alias_open.mlir:6:9: error: unterminated loc(...)
func.func @main() -> tensor<i32> {
  %0 = stablehlo.constant dense<1> : tensor<i32>
  func.return %0 : tensor<i32>
}
#loc1 = loc(