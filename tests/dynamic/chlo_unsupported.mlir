// ARGS: --args '[dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, dense<1> : tensor<1x2x3xi32>, dense<[2]> : tensor<1xi64>]'
// ERROR: 'chlo.ragged_dot' with `?` in its types is not supported yet
// chlo.ragged_dot, chlo.scan and chlo.constant_like are not kept for refinement: a located error at load
func.func @main(%l: tensor<?x2xi32>, %r: tensor<1x2x3xi32>, %g: tensor<1xi64>) -> tensor<?x3xi32> {
  %d = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<?x2xi32>, tensor<1x2x3xi32>, tensor<1xi64>) -> tensor<?x3xi32>
  func.return %d : tensor<?x3xi32>
}
