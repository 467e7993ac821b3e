// ERROR: negative_dim.mlir:2:30: error: negative dimension in tensor type (a dimension is 0 or more)
func.func @main(%a: tensor<2x-1xf32>) {
  func.return
}
