// ERROR: reduce_precision_result.mlir:3:8: error: 'stablehlo.reduce_precision' result type tensor<2xf16> differs from the operand type tensor<2xf32>
func.func @main(%a: tensor<2xf32>) -> tensor<2xf16> {
  %0 = stablehlo.reduce_precision %a, format = e5m10 : (tensor<2xf32>) -> tensor<2xf16>
  func.return %0 : tensor<2xf16>
}
