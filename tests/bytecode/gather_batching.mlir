// batching dimensions of gather came with gather_v2 (VHLO 1.1.0)
func.func @main() -> tensor<2x1xi32> {
  %operand = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %indices = stablehlo.constant dense<[[1], [0]]> : tensor<2x1xi64>
  %r = "stablehlo.gather"(%operand, %indices) {dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>} : (tensor<2x2xi32>, tensor<2x1xi64>) -> tensor<2xi32>
  %s = stablehlo.reshape %r : (tensor<2xi32>) -> tensor<2x1xi32>
  return %s : tensor<2x1xi32>
}
