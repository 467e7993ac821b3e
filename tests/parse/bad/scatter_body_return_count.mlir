// ERROR: scatter_body_return_count.mlir:9:5: error: 'stablehlo.return' of a scatter body returns 2 values, expected 1
func.func @f() {
  %x0 = stablehlo.constant dense<0> : tensor<3x4xi32>
  %i = stablehlo.constant dense<0> : tensor<2x1xi64>
  %u0 = stablehlo.constant dense<0> : tensor<2x4xi32>
  %r = "stablehlo.scatter"(%x0, %i, %u0) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s, %a : tensor<i32>, tensor<i32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xi32>, tensor<2x1xi64>, tensor<2x4xi32>) -> tensor<3x4xi32>
  func.return
}
