// ERROR: too_many_elements.mlir:3:40: error: too many elements in dimension 0 of the dense literal (expected 2)
func.func @f() {
  %0 = stablehlo.constant dense<[1, 2, 3]> : tensor<2xi32>
  func.return
}
