// ERROR: alias_cut_l.mlir:5:9: error: expected an attribute value for alias '#loc1', got 'l' (a cut-short 'loc(...)'?)
func.func @main() {
  func.return loc(#loc1)
}
#loc1 = l