// ERROR: nul_in_symbol.mlir:2:14: error: NUL byte in a name (\00 is only valid in string attributes)
func.func @"a\00b"() {
  func.return
}
