// ERROR: dot_unknown_field.mlir:4:148: error: unknown field 'bogus' in #stablehlo.dot
func.func @main() -> tensor<2x2xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %1 = "stablehlo.dot_general"(%0, %0) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], bogus = [0]>} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return %1 : tensor<2x2xf32>
}
