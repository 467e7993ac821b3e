// ERROR: after_all_operand.mlir:4:28: error: 'stablehlo.after_all' operand #0 must be !stablehlo.token, got tensor<f32>
func.func @f() {
  %a = stablehlo.constant dense<1.0> : tensor<f32>
  %t = stablehlo.after_all %a : !stablehlo.token
  func.return
}
