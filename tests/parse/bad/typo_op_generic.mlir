// ERROR: typo_op_generic.mlir:3:8: error: unsupported op 'stablehlo.constnt'; did you mean 'stablehlo.constant'?
func.func @f() {
  %0 = "stablehlo.constnt"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  func.return
}
