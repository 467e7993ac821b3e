// ERROR: gather_collapsed_unsorted.mlir:5:8: error: 'stablehlo.gather' collapsed_slice_dims must be sorted and unique
func.func @f() {
  %x = stablehlo.constant dense<0> : tensor<3x4x5xi32>
  %i = stablehlo.constant dense<0> : tensor<2x1xi64>
  %r = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [1, 0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1, 5>} : (tensor<3x4x5xi32>, tensor<2x1xi64>) -> tensor<2x5xi32>
  func.return
}
