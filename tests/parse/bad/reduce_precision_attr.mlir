// ERROR: reduce_precision_attr.mlir:3:8: error: 'stablehlo.reduce_precision' requires the attribute 'mantissa_bits'
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.reduce_precision"(%a) {exponent_bits = 5 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}
