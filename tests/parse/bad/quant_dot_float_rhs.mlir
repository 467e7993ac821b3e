// ERROR: quant_dot_float_rhs.mlir:6:8: error: 'stablehlo.dot_general' on tensor<2x2xf32>: takes quantized lhs, rhs and result, or a float lhs and result with a quantized rhs (docs/quantization.md)
func.func @main() -> tensor<2x2xi32> {
  %0 = stablehlo.constant dense<1> : tensor<2x2xi8>
  %1 = stablehlo.bitcast_convert %0 : (tensor<2x2xi8>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5>>
  %2 = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %3 = stablehlo.dot_general %1, %2, contracting_dims = [1] x [0] : (tensor<2x2x!quant.uniform<i8:f32, 0.5>>, tensor<2x2xf32>) -> tensor<2x2x!quant.uniform<i32:f32, 0.25>>
  %4 = stablehlo.bitcast_convert %3 : (tensor<2x2x!quant.uniform<i32:f32, 0.25>>) -> tensor<2x2xi32>
  func.return %4 : tensor<2x2xi32>
}
