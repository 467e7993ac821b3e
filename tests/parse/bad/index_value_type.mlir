// ERROR: index_value_type.mlir:2:27: error: unsupported element type 'index' (index tensors are read only inside attributes, not as values)
func.func @f(%a: tensor<2xindex>) -> tensor<2xindex> {
  func.return %a : tensor<2xindex>
}
