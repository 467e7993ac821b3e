// ERROR: chlo_broadcast_result.mlir:5:8: error: 'chlo.broadcast_multiply' result type tensor<3xf32> should be tensor<2x3xf32>
func.func @main() -> tensor<3xf32> {
  %0 = stablehlo.constant dense<[[1.0], [2.0]]> : tensor<2x1xf32>
  %1 = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %2 = chlo.broadcast_multiply %0, %1 : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return %1 : tensor<3xf32>
}
