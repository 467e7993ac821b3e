// ERROR: reduce_precision_format.mlir:3:48: error: 'stablehlo.reduce_precision' format must be eNmM with decimal bit counts (e5m10), got 'e5'
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.reduce_precision %a, format = e5 : tensor<2xf32>
  func.return %0 : tensor<2xf32>
}
