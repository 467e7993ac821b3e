// ERROR: conv_strides_i1.mlir:5:58: error: 'stablehlo.convolution' attribute 'window_strides' must be a list of integers
func.func @main() {
  %l = stablehlo.constant dense<1.0> : tensor<1x4x4x2xf32>
  %k = stablehlo.constant dense<1.0> : tensor<3x3x2x2xf32>
  %r = "stablehlo.convolution"(%l, %k) {window_strides = array<i1: true, true>, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  func.return
}
