// ERROR: vector_type.mlir:2:18: error: unsupported type 'vector' (values are tensors, tokens or tuples)
func.func @f(%a: vector<4xf32>) {
  func.return
}
