// ERROR: gather_batching_length.mlir:5:8: error: 'stablehlo.gather' operand_batching_dims and start_indices_batching_dims must have the same length
func.func @f() {
  %x = stablehlo.constant dense<0> : tensor<2x4xi32>
  %i = stablehlo.constant dense<0> : tensor<2x1xi64>
  %r = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], operand_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>} : (tensor<2x4xi32>, tensor<2x1xi64>) -> tensor<2x4xi32>
  func.return
}
