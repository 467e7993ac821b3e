// ERROR: quant_add_per_axis_i8.mlir:5:8: error: 'stablehlo.add' on tensor<2x!quant.uniform<i8:f32:0, {5.000000e-01,2.500000e-01}>>: a per-axis quantized add takes i32 storage only (docs/quantization.md)
func.func @main() -> tensor<2xi8> {
  %0 = stablehlo.constant dense<1> : tensor<2xi8>
  %1 = stablehlo.bitcast_convert %0 : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32:0, {0.5,0.25}>>
  %2 = stablehlo.add %1, %1 : tensor<2x!quant.uniform<i8:f32:0, {0.5,0.25}>>
  %3 = stablehlo.bitcast_convert %2 : (tensor<2x!quant.uniform<i8:f32:0, {0.5,0.25}>>) -> tensor<2xi8>
  func.return %3 : tensor<2xi8>
}
