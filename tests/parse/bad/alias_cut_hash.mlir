// ERROR: alias_cut_hash.mlir:5:6: error: alias '#stab' is not defined before alias '#g' (or is a cut-short '#stab<...>')
func.func @main() {
  func.return
}
#g = #stab