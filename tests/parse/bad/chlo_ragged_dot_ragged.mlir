// ERROR: chlo_ragged_dot_ragged.mlir:3:8: error: 'chlo.ragged_dot' needs exactly one lhs ragged dimension
func.func @main(%l: tensor<6x2xf32>, %r: tensor<3x2x3xf32>, %g: tensor<3xi64>) -> tensor<6x3xf32> {
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], rhs_group_dimensions = [0]>} : (tensor<6x2xf32>, tensor<3x2x3xf32>, tensor<3xi64>) -> tensor<6x3xf32>
  func.return %0 : tensor<6x3xf32>
}
