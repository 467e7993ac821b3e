// ERROR: index_constant.mlir:3:52: error: unsupported element type 'index' (index tensors are read only inside attributes, not as values)
func.func @f() {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xindex>
  func.return
}
