// ERROR: token_in_elementwise.mlir:4:22: error: 'stablehlo.add' operand #0 must be a tensor, got !stablehlo.token
func.func @f() {
  %t = stablehlo.after_all : !stablehlo.token
  %u = stablehlo.add %t, %t : !stablehlo.token
  func.return
}
