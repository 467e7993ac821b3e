// ERROR: util_op.mlir:3:8: error: op 'util.unfoldable_constant' of dialect 'util' has no semantics in ir-run
func.func @f() -> tensor<f32> {
  %0 = util.unfoldable_constant dense<1.0> : tensor<f32>
  func.return %0 : tensor<f32>
}
