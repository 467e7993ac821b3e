// ERROR: reduce_precision_i32_range.mlir:3:83: error: 'stablehlo.reduce_precision' attribute 'mantissa_bits' is out of range of i32
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.reduce_precision"(%a) {exponent_bits = 5 : i32, mantissa_bits = 4294967296 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}
