// ERROR: quant_unsupported_op.mlir:7:8: error: 'stablehlo.reduce' on tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>: REF's lowering converts no such op on quantized types (docs/quantization.md)
func.func @main() -> tensor<i8> {
  %0 = stablehlo.constant dense<1> : tensor<2xi8>
  %1 = stablehlo.bitcast_convert %0 : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 0.5>>
  %2 = stablehlo.constant dense<0> : tensor<i8>
  %3 = stablehlo.bitcast_convert %2 : (tensor<i8>) -> tensor<!quant.uniform<i8:f32, 0.5>>
  %4 = stablehlo.reduce(%1 init: %3) applies stablehlo.maximum across dimensions = [0] : (tensor<2x!quant.uniform<i8:f32, 0.5>>, tensor<!quant.uniform<i8:f32, 0.5>>) -> tensor<!quant.uniform<i8:f32, 0.5>>
  %5 = stablehlo.bitcast_convert %4 : (tensor<!quant.uniform<i8:f32, 0.5>>) -> tensor<i8>
  func.return %5 : tensor<i8>
}
