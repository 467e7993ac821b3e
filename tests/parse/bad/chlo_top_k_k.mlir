// ERROR: chlo_top_k_k.mlir:4:12: error: 'chlo.top_k' k = 5 exceeds the last dimension, 4
func.func @main() -> tensor<4xf32> {
  %0 = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %1, %2 = chlo.top_k(%0, k = 5) : tensor<4xf32> -> (tensor<5xf32>, tensor<5xi32>)
  func.return %0 : tensor<4xf32>
}
