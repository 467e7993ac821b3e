// ERROR: tuple_type.mlir:2:18: error: unsupported type 'tuple' (only tensor types are supported)
func.func @f(%a: tuple<tensor<f32>>) {
  func.return
}
