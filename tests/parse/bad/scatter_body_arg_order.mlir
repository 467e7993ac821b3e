// ERROR: scatter_body_arg_order.mlir:9:25: error: 'stablehlo.scatter' body argument #1 must be tensor<f32>, got tensor<i32>
func.func @f() {
  %x0 = stablehlo.constant dense<0> : tensor<3x4xi32>
  %x1 = stablehlo.constant dense<0.0> : tensor<3x4xf32>
  %i = stablehlo.constant dense<0> : tensor<2x1xi64>
  %u0 = stablehlo.constant dense<0> : tensor<2x4xi32>
  %u1 = stablehlo.constant dense<0.0> : tensor<2x4xf32>
  %r:2 = "stablehlo.scatter"(%x0, %x1, %i, %u0, %u1) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<f32>):
    stablehlo.return %a, %c : tensor<i32>, tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xi32>, tensor<3x4xf32>, tensor<2x1xi64>, tensor<2x4xi32>, tensor<2x4xf32>) -> (tensor<3x4xi32>, tensor<3x4xf32>)
  func.return
}
