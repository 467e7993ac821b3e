// ERROR: util_op_generic.mlir:3:8: error: op 'util.optimization_barrier' of dialect 'util' has no semantics in ir-run
func.func @f(%a: tensor<f32>) -> tensor<f32> {
  %0 = "util.optimization_barrier"(%a) : (tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}
