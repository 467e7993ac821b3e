// ERROR: gather_batching_size.mlir:5:8: error: 'stablehlo.gather' batching dimension 0 of tensor<3x4xi32> and 0 of tensor<2x1xi64> differ in size
func.func @f() {
  %x = stablehlo.constant dense<0> : tensor<3x4xi32>
  %i = stablehlo.constant dense<0> : tensor<2x1xi64>
  %r = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>} : (tensor<3x4xi32>, tensor<2x1xi64>) -> tensor<2x4xi32>
  func.return
}
