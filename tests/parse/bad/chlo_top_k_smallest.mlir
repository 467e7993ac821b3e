// ERROR: chlo_top_k_smallest.mlir:4:12: error: 'chlo.top_k' with largest = false is not supported (the pass at stablehlo 840c41ceb has no such attribute)
func.func @main() -> tensor<4xf32> {
  %0 = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %1, %2 = chlo.top_k(%0, k = 2) {largest = false} : tensor<4xf32> -> (tensor<2xf32>, tensor<2xi32>)
  func.return %0 : tensor<4xf32>
}
