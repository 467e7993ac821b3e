// ERROR: gather_slice_size_too_large.mlir:5:8: error: 'stablehlo.gather' slice size 5 of dimension 1 is out of range [0, 4]
func.func @f() {
  %x = stablehlo.constant dense<0> : tensor<3x4xi32>
  %i = stablehlo.constant dense<0> : tensor<2x1xi64>
  %r = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 5>} : (tensor<3x4xi32>, tensor<2x1xi64>) -> tensor<2x5xi32>
  func.return
}
