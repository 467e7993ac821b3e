// ERROR: too_few_elements.mlir:3:44: error: too few elements in dimension 1 of the dense literal: 1, expected 2
func.func @f() {
  %0 = stablehlo.constant dense<[[1, 2], [3]]> : tensor<2x2xi32>
  func.return
}
