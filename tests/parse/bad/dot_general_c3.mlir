// ERROR: dot_general_c3.mlir:4:8: error: 'stablehlo.dot_general' (C3) lhs dimension 0 appears twice in the batching and contracting lists
func.func @f() {
  %a = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %0 = stablehlo.dot_general %a, %a, batching_dims = [0] x [0], contracting_dims = [0] x [1] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2xf32>
  func.return
}
