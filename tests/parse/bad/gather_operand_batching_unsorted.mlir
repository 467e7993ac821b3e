// ERROR: gather_operand_batching_unsorted.mlir:5:8: error: 'stablehlo.gather' operand_batching_dims must be sorted and unique
func.func @f() {
  %x = stablehlo.constant dense<0> : tensor<2x2x4xi32>
  %i = stablehlo.constant dense<0> : tensor<2x2x1xi64>
  %r = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2], operand_batching_dims = [1, 0], start_indices_batching_dims = [1, 0], start_index_map = [2], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 4>} : (tensor<2x2x4xi32>, tensor<2x2x1xi64>) -> tensor<2x2x4xi32>
  func.return
}
