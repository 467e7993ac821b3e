// ERROR: reduce_precision_mantissa.mlir:3:8: error: 'stablehlo.reduce_precision' mantissa_bits must be non-negative, got -1
func.func @main(%a: tensor<2xbf16>) -> tensor<2xbf16> {
  %0 = "stablehlo.reduce_precision"(%a) {exponent_bits = 5 : i32, mantissa_bits = -1 : i32} : (tensor<2xbf16>) -> tensor<2xbf16>
  func.return %0 : tensor<2xbf16>
}
