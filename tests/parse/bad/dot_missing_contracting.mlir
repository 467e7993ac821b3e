// ERROR: dot_missing_contracting.mlir:4:8: error: 'stablehlo.dot_general' requires contracting_dims (or dot_dimension_numbers)
func.func @main() -> tensor<2x2xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %1 = "stablehlo.dot_general"(%0, %0) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return %1 : tensor<2x2xf32>
}
