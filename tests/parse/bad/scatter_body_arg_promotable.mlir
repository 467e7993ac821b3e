// ERROR: scatter_body_arg_promotable.mlir:7:8: error: 'stablehlo.scatter' body argument #0 must be tensor<f16>, got tensor<f32>
func.func @f() {
  %x0 = stablehlo.constant dense<0.0> : tensor<3x4xf16>
  %i = stablehlo.constant dense<0> : tensor<2x1xi64>
  %u0 = stablehlo.constant dense<0.0> : tensor<2x4xf16>
  %r = "stablehlo.scatter"(%x0, %i, %u0) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf16>, tensor<2x1xi64>, tensor<2x4xf16>) -> tensor<3x4xf16>
  func.return
}
