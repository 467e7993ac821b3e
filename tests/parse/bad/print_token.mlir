// ERROR: print_token.mlir:4:21: error: 'interpreter.print' operand #0 must be a tensor, got !stablehlo.token
func.func @f() {
  %t = stablehlo.after_all : !stablehlo.token
  interpreter.print %t : !stablehlo.token
  func.return
}
