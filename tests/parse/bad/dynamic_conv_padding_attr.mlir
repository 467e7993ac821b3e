// ERROR: dynamic_conv_padding_attr.mlir:6:219: error: 'stablehlo.dynamic_conv' takes its padding from the third operand, not from a 'padding' attribute
func.func @main() {
  %l = stablehlo.constant dense<1.0> : tensor<1x4x4x2xf32>
  %k = stablehlo.constant dense<1.0> : tensor<3x3x2x2xf32>
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  %r = "stablehlo.dynamic_conv"(%l, %k, %p) {window_strides = array<i64: 1, 1>, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64, padding = dense<0> : tensor<2x2xi64>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  func.return
}
