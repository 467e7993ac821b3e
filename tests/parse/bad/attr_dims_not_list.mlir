// ERROR: attr_dims_not_list.mlir:4:49: error: 'stablehlo.transpose' attribute 'permutation' must be a list of integers
func.func @main() -> tensor<3x2xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2x3xf32>
  %1 = "stablehlo.transpose"(%0) {permutation = 5} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  func.return %1 : tensor<3x2xf32>
}
