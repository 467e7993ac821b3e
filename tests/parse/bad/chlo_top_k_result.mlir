// ERROR: chlo_top_k_result.mlir:4:12: error: 'chlo.top_k' result #1 has type tensor<2xi64>, should be tensor<2xi32>
func.func @main() -> tensor<4xf32> {
  %0 = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %1, %2 = chlo.top_k(%0, k = 2) : tensor<4xf32> -> (tensor<2xf32>, tensor<2xi64>)
  func.return %0 : tensor<4xf32>
}
