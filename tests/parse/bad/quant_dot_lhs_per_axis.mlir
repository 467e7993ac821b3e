// ERROR: quant_dot_lhs_per_axis.mlir:6:8: error: 'stablehlo.dot_general' on tensor<2x2x!quant.uniform<i8:f32:0, {5.000000e-01,2.500000e-01}>>: the lhs of a quantized op is quantized per tensor (docs/quantization.md)
func.func @main() -> tensor<2x2xi32> {
  %0 = stablehlo.constant dense<1> : tensor<2x2xi8>
  %1 = stablehlo.bitcast_convert %0 : (tensor<2x2xi8>) -> tensor<2x2x!quant.uniform<i8:f32:0, {0.5,0.25}>>
  %2 = stablehlo.bitcast_convert %0 : (tensor<2x2xi8>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5>>
  %3 = stablehlo.dot_general %1, %2, contracting_dims = [1] x [0] : (tensor<2x2x!quant.uniform<i8:f32:0, {0.5,0.25}>>, tensor<2x2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x2x!quant.uniform<i32:f32, 0.25>>
  %4 = stablehlo.bitcast_convert %3 : (tensor<2x2x!quant.uniform<i32:f32, 0.25>>) -> tensor<2x2xi32>
  func.return %4 : tensor<2x2xi32>
}
