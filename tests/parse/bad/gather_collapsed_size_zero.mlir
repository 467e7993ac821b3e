// ERROR: gather_collapsed_size_zero.mlir:5:8: error: 'stablehlo.gather' slice size of collapsed dimension 0 must be 1, got 0 (it would read outside the operand for each of the result's elements)
func.func @f() {
  %x = stablehlo.constant dense<[5, 6, 7]> : tensor<3xi32>
  %i = stablehlo.constant dense<[[9], [1]]> : tensor<2x1xi64>
  %r = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 0>} : (tensor<3xi32>, tensor<2x1xi64>) -> tensor<2xi32>
  func.return
}
