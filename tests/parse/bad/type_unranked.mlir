// ERROR: type_unranked.mlir:2:28: error: unsupported unranked tensor type (only static shapes are supported)
func.func @main(%x: tensor<*xf32>) {
  func.return
}
