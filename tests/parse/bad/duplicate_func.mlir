// ERROR: duplicate_func.mlir:5:11: error: redefinition of function '@f' (first defined at line 2)
func.func @f() {
  func.return
}
func.func @f() {
  func.return
}
