// ERROR: chlo_broadcast_select_pred.mlir:4:8: error: 'chlo.broadcast_select' pred must be of i1
func.func @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = chlo.broadcast_select %0, %0, %0 : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  func.return %1 : tensor<2xf32>
}
