// ERROR: token_type.mlir:3:22: error: 'stablehlo.add' operand #0 must be a tensor, got !stablehlo.token
func.func @f(%a: !stablehlo.token) {
  %0 = stablehlo.add %a, %a : !stablehlo.token
  func.return
}
