func.func @main() -> tensor<3x0xf8E4M3FN> {
  %a = stablehlo.constant dense<> : tensor<3x0xf8E4M3FN>
  %i = stablehlo.constant dense<[[1], [2]]> : tensor<2x1xi64>
  %u = stablehlo.constant dense<1.0> : tensor<2xf8E4M3FN>
  %r = "stablehlo.scatter"(%a, %i, %u) ({
  ^bb0(%p: tensor<f8E4M3FN>, %q: tensor<f8E4M3FN>):
    %s = stablehlo.add %p, %q : tensor<f8E4M3FN>
    stablehlo.return %s : tensor<f8E4M3FN>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x0xf8E4M3FN>, tensor<2x1xi64>, tensor<2xf8E4M3FN>) -> tensor<3x0xf8E4M3FN>
  return %r : tensor<3x0xf8E4M3FN>
}
