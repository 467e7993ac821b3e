// ERROR: dynamic_dim.mlir:2:25: error: unsupported dynamic dimension '?' (only static shapes are supported)
func.func @f(%a: tensor<?xf32>) {
  func.return
}
