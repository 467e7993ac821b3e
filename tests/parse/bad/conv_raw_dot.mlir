// ERROR: conv_raw_dot.mlir:5:80: error: 'raw' fields are only valid in #stablehlo.conv<...>
func.func @main() {
  %l = stablehlo.constant dense<1.0> : tensor<1x4x4x2xf32>
  %k = stablehlo.constant dense<1.0> : tensor<3x3x2x2xf32>
  %r = stablehlo.dot_general %l, %k, contracting_dims = [3] x [2], algorithm = <raw lhs_precision_type = f32> : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x4x4x3x3x2xf32>
  func.return
}
