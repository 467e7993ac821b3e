// ERROR: chlo_op.mlir:3:8: error: unsupported op 'chlo.not_an_op' (docs/ops.md lists the supported ops)
func.func @f(%a: tensor<f32>) {
  %0 = chlo.not_an_op %a : tensor<f32>
  func.return
}
