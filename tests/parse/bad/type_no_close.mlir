// ERROR: type_no_close.mlir:2:21: error: malformed tensor type
func.func @main(%x: tensor<2xf32 ) {
  func.return
}
