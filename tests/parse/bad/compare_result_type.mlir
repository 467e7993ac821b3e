// ERROR: compare_result_type.mlir:4:8: error: 'stablehlo.compare' result type tensor<3xi1> should be tensor<2xi1>
func.func @main() -> tensor<3xi1> {
  %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
  %1 = stablehlo.compare LT, %0, %0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xi1>
  func.return %1 : tensor<3xi1>
}
