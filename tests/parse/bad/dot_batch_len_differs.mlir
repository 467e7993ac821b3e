// ERROR: dot_batch_len_differs.mlir:4:8: error: 'stablehlo.dot_general' (C1) lhs and rhs batching dimension lists differ in length: 2 vs 1
func.func @main() -> tensor<2x2x2xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2x2x2xf32>
  %1 = stablehlo.dot_general %0, %0, batching_dims = [0, 1] x [0], contracting_dims = [2] x [1] : (tensor<2x2x2xf32>, tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
  func.return %1 : tensor<2x2x2xf32>
}
