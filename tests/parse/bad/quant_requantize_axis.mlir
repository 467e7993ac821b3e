// ERROR: quant_requantize_axis.mlir:5:8: error: 'stablehlo.uniform_quantize' on tensor<2x2x!quant.uniform<i8:f32:0, {5.000000e-01,2.500000e-01}>>: cannot requantize while changing quantization_axis (REF's lowering) (docs/quantization.md)
func.func @main() -> tensor<2x2xi8> {
  %0 = stablehlo.constant dense<1> : tensor<2x2xi8>
  %1 = stablehlo.bitcast_convert %0 : (tensor<2x2xi8>) -> tensor<2x2x!quant.uniform<i8:f32:0, {0.5,0.25}>>
  %2 = stablehlo.uniform_quantize %1 : (tensor<2x2x!quant.uniform<i8:f32:0, {0.5,0.25}>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {0.5,0.25}>>
  %3 = stablehlo.bitcast_convert %2 : (tensor<2x2x!quant.uniform<i8:f32:1, {0.5,0.25}>>) -> tensor<2x2xi8>
  func.return %3 : tensor<2x2xi8>
}
