// ERROR: alias_cut_lo.mlir:5:9: error: expected an attribute value for alias '#loc1', got 'lo' (a cut-short 'loc(...)'?)
func.func @main() {
  func.return loc(#loc1)
}
#loc1 = lo