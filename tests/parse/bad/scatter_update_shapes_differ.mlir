// ERROR: scatter_update_shapes_differ.mlir:8:49: error: 'stablehlo.scatter' updates must have one shape, got tensor<2x4xi32> and tensor<2x3xi32>
func.func @f() {
  %x0 = stablehlo.constant dense<0> : tensor<3x4xi32>
  %x1 = stablehlo.constant dense<0> : tensor<3x4xi32>
  %i = stablehlo.constant dense<0> : tensor<2x1xi64>
  %u0 = stablehlo.constant dense<0> : tensor<2x4xi32>
  %u1 = stablehlo.constant dense<0> : tensor<2x3xi32>
  %r:2 = "stablehlo.scatter"(%x0, %x1, %i, %u0, %u1) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i32>):
    %s = stablehlo.add %a, %c : tensor<i32>
    stablehlo.return %s, %d : tensor<i32>, tensor<i32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xi32>, tensor<3x4xi32>, tensor<2x1xi64>, tensor<2x4xi32>, tensor<2x3xi32>) -> (tensor<3x4xi32>, tensor<3x4xi32>)
  func.return
}
