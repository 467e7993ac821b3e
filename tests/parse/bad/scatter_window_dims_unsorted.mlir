// ERROR: scatter_window_dims_unsorted.mlir:6:8: error: 'stablehlo.scatter' update_window_dims must be sorted and unique
func.func @f() {
  %x0 = stablehlo.constant dense<0> : tensor<3x4x5xi32>
  %i = stablehlo.constant dense<0> : tensor<2x1xi64>
  %u0 = stablehlo.constant dense<0> : tensor<2x4x5xi32>
  %r = "stablehlo.scatter"(%x0, %i, %u0) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4x5xi32>, tensor<2x1xi64>, tensor<2x4x5xi32>) -> tensor<3x4x5xi32>
  func.return
}
