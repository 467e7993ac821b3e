// ERROR: dynamic_conv_pad_shape.mlir:6:41: error: 'stablehlo.dynamic_conv' padding must be an integer tensor of shape 2x2 ([low, high] per spatial dimension), got tensor<2x3xi64>
func.func @main() {
  %l = stablehlo.constant dense<1.0> : tensor<1x4x4x2xf32>
  %k = stablehlo.constant dense<1.0> : tensor<3x3x2x2xf32>
  %p = stablehlo.constant dense<0> : tensor<2x3xi64>
  %r = "stablehlo.dynamic_conv"(%l, %k, %p) {window_strides = array<i64: 1, 1>, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x3xi64>) -> tensor<1x2x2x2xf32>
  func.return
}
