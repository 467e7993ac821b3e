// ERROR: dot_batch_sizes_differ.mlir:5:8: error: 'stablehlo.dot_general' (C9) batching dimensions lhs 0 (size 2) and rhs 0 (size 3) differ
func.func @main() -> tensor<2x3x2xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2x3x4xf32>
  %b = stablehlo.constant dense<1.0> : tensor<3x4x2xf32>
  %1 = stablehlo.dot_general %0, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<3x4x2xf32>) -> tensor<2x3x2xf32>
  func.return %1 : tensor<2x3x2xf32>
}
