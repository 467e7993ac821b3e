// ERROR: chlo_top_k_word.mlir:4:27: error: expected 'k', got 'n'
func.func @main() -> tensor<4xf32> {
  %0 = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %1, %2 = chlo.top_k(%0, n = 2) : tensor<4xf32> -> (tensor<2xf32>, tensor<2xi32>)
  func.return %0 : tensor<4xf32>
}
