// ERROR: gather_trailing_map_length.mlir:5:8: error: 'stablehlo.gather' start_index_map has 2 entries but the index vectors have 1
func.func @f() {
  %x = stablehlo.constant dense<0> : tensor<3x4xi32>
  %i = stablehlo.constant dense<0> : tensor<2xi64>
  %r = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>} : (tensor<3x4xi32>, tensor<2xi64>) -> tensor<2xi32>
  func.return
}
