// ERROR: empty_list_shape.mlir:3:33: error: dense literal shape does not match the type: empty list at dimension 0
func.func @f() {
  %0 = stablehlo.constant dense<[]> : tensor<0x3xi32>
  func.return
}
