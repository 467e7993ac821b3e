// ERROR: string_bad_escape.mlir:3:58: error: invalid escape sequence in string
func.func @main() {
  stablehlo.custom_call @check.foo() {backend_config = "a\q"} : () -> ()
  func.return
}
