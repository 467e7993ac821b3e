// ERROR: alias_cut_type.mlir:5:6: error: expected a type after ':' in the value of alias '#b', got 'i'
func.func @main() {
  func.return
}
#b = 1 : i