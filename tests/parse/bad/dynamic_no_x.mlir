// ERROR: dynamic_no_x.mlir:2:26: error: expected 'x' after a dimension in tensor type
func.func @f(%a: tensor<?f32>) {
  func.return
}
