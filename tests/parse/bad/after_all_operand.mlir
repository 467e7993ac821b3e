// ERROR: after_all_operand.mlir:4:28: error: 'stablehlo.after_all' operand #0 '%a' has type tensor<f32> but the op's type says !stablehlo.token
func.func @f() {
  %a = stablehlo.constant dense<1.0> : tensor<f32>
  %t = stablehlo.after_all %a : !stablehlo.token
  func.return
}
