// ERROR: arg_result_number.mlir:2:17: error: a result number '#N' cannot appear in an argument name
func.func @main(%x#1: tensor<f32>) {
  func.return
}
