// ERROR: alias_cut_word.mlir:5:6: error: expected an attribute value for alias '#c', got 'tr'
func.func @main() {
  func.return
}
#c = tr