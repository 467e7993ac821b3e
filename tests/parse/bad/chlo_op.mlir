// ERROR: chlo_op.mlir:3:8: error: unsupported op 'chlo.erf' (docs/ops.md lists the supported ops)
func.func @f(%a: tensor<f32>) {
  %0 = chlo.erf %a : tensor<f32>
  func.return
}
