// ERROR: transpose_rank_differs.mlir:4:8: error: 'stablehlo.transpose' result rank 1 differs from the operand rank 2
func.func @main() -> tensor<6xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2x3xf32>
  %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<6xf32>
  func.return %1 : tensor<6xf32>
}
