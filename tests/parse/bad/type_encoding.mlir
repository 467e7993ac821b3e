// ERROR: type_encoding.mlir:2:33: error: unsupported tensor encoding attribute (only #stablehlo.bounds<...>)
func.func @main(%x: tensor<2xf32, #enc>) {
  func.return
}
