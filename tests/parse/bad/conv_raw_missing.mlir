// ERROR: conv_raw_missing.mlir:5:76: error: #stablehlo.conv<raw ...> lacks the field 'output_spatial_dimensions'
func.func @main() {
  %l = stablehlo.constant dense<1.0> : tensor<1x4x4x2xf32>
  %k = stablehlo.constant dense<1.0> : tensor<3x3x2x2xf32>
  %r = "stablehlo.convolution"(%l, %k) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  func.return
}
