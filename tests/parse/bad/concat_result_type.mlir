// ERROR: concat_result_type.mlir:4:8: error: 'stablehlo.concatenate' result type tensor<5xf32> should be tensor<4xf32>
func.func @main() -> tensor<5xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
  %1 = stablehlo.concatenate %0, %0, dim = 0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<5xf32>
  func.return %1 : tensor<5xf32>
}
