// ERROR: transpose_perm.mlir:4:8: error: 'stablehlo.transpose' permutation repeats dimension 0
func.func @f() {
  %a = stablehlo.constant dense<1.0> : tensor<2x3xf32>
  %0 = stablehlo.transpose %a, dims = [0, 0] : (tensor<2x3xf32>) -> tensor<2x2xf32>
  func.return
}
