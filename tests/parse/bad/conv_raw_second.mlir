// ERROR: conv_raw_second.mlir:5:108: error: 'raw' may only come first
func.func @main() {
  %l = stablehlo.constant dense<1.0> : tensor<1x4x4x2xf32>
  %k = stablehlo.constant dense<1.0> : tensor<3x3x2x2xf32>
  %r = "stablehlo.convolution"(%l, %k) {dimension_numbers = #stablehlo.conv<input_batch_dimension = 0, raw input_feature_dimension = 3>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  func.return
}
