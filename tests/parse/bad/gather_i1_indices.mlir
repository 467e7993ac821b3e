// ERROR: gather_i1_indices.mlir:5:31: error: 'stablehlo.gather' indices must have an integer element type, got tensor<2x1xi1>
func.func @f() {
  %x = stablehlo.constant dense<0> : tensor<3x4xi32>
  %i = stablehlo.constant dense<0> : tensor<2x1xi1>
  %r = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>} : (tensor<3x4xi32>, tensor<2x1xi1>) -> tensor<2x4xi32>
  func.return
}
