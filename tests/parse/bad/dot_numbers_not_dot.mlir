// ERROR: dot_numbers_not_dot.mlir:4:41: error: 'stablehlo.dot_general' dot_dimension_numbers must be #stablehlo.dot<...>
func.func @main() -> tensor<2x2xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %1 = "stablehlo.dot_general"(%0, %0) {dot_dimension_numbers = 3} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return %1 : tensor<2x2xf32>
}
