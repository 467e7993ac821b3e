// ERROR: unsupported_op.mlir:4:8: error: unsupported op 'stablehlo.async_start' (docs/ops.md lists the supported ops)
func.func @f() {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  %1 = stablehlo.async_start %0 : tensor<f32>
  func.return
}
