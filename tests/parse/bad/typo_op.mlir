// ERROR: typo_op.mlir:3:8: error: unsupported op 'stablehlo.dot_genral'; did you mean 'stablehlo.dot_general'?
func.func @f(%a: tensor<2xf32>) {
  %0 = stablehlo.dot_genral %a, %a : tensor<2xf32>
  func.return
}
