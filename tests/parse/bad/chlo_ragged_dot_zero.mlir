// ERROR: chlo_ragged_dot_zero.mlir:3:8: error: 'chlo.ragged_dot' has no groups (its decomposition would have no dot_general)
func.func @main(%l: tensor<2x4xf32>, %r: tensor<4x2xf32>, %g: tensor<0xi64>) -> tensor<0x2x2xf32> {
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1]>} : (tensor<2x4xf32>, tensor<4x2xf32>, tensor<0xi64>) -> tensor<0x2x2xf32>
  func.return %0 : tensor<0x2x2xf32>
}
