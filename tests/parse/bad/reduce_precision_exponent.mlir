// ERROR: reduce_precision_exponent.mlir:3:8: error: 'stablehlo.reduce_precision' exponent_bits must be at least 1, got 0
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.reduce_precision %a, format = e0m10 : tensor<2xf32>
  func.return %0 : tensor<2xf32>
}
