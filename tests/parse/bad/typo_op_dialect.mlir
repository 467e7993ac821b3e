// ERROR: typo_op_dialect.mlir:3:8: error: unsupported op 'mhlo.add'; did you mean 'stablehlo.add'?
func.func @f(%a: tensor<2xf32>) {
  %0 = mhlo.add %a, %a : tensor<2xf32>
  func.return
}
