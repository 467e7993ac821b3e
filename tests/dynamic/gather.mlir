// ARGS: --args '[dense<[[1,2],[3,4],[5,6]]> : tensor<3x2xi32>, dense<[[2],[0]]> : tensor<2x1xi32>]'
// dynamic_gather: rows 2 and 0, the slice as wide as the operand (its size folded)
func.func @main(%x: tensor<?x?xi32>, %i: tensor<2x1xi32>) -> tensor<2x?xi32> {
  %w = stablehlo.get_dimension_size %x, dim = 1 : (tensor<?x?xi32>) -> tensor<i32>
  %w1 = stablehlo.reshape %w : (tensor<i32>) -> tensor<1xi32>
  %one = stablehlo.constant dense<1> : tensor<1xi32>
  %s = stablehlo.concatenate %one, %w1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %g = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<?x?xi32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x?xi32>
  func.return %g : tensor<2x?xi32>
}
