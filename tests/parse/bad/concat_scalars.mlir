// ERROR: concat_scalars.mlir:4:8: error: 'stablehlo.concatenate' cannot concatenate rank-0 values
func.func @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  %1 = stablehlo.concatenate %0, %0, dim = 0 : (tensor<f32>, tensor<f32>) -> tensor<2xf32>
  func.return %1 : tensor<2xf32>
}
