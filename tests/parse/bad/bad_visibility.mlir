// ERROR: bad_visibility.mlir:2:17: error: unknown function visibility 'weird' (public, private or nested)
func.func weird @main() {
  func.return
}
