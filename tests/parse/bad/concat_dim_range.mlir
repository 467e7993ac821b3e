// ERROR: concat_dim_range.mlir:4:8: error: 'stablehlo.concatenate' dimension 1 must be less than the rank 1
func.func @main() -> tensor<4xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
  %1 = stablehlo.concatenate %0, %0, dim = 1 : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  func.return %1 : tensor<4xf32>
}
