// ERROR: gather_missing_slice_sizes.mlir:5:8: error: 'stablehlo.gather' requires the attribute 'slice_sizes'
func.func @f() {
  %x = stablehlo.constant dense<0> : tensor<3x4xi32>
  %i = stablehlo.constant dense<0> : tensor<2x1xi64>
  %r = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4xi32>, tensor<2x1xi64>) -> tensor<2x4xi32>
  func.return
}
