// convolution spellings (SPEC 9.2.1, 9.5.3): every window entry optional
// and in any order, reverse as words or integers, padding as pairs, a splat
// or a dense matrix, reversal as array<i1>, dense i1 or a list, raw and
// short dimension numbers, spatial rank 0.
func.func @main() {
  %l = stablehlo.constant dense<1.0> : tensor<1x4x4x2xf32>
  %k = stablehlo.constant dense<1.0> : tensor<3x3x2x2xf32>
  %0 = stablehlo.convolution(%l, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  %1 = stablehlo.convolution(%l, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {reverse = [1, 0], rhs_dilate = [1, 1], pad = [[1, 1], [1, 1]], stride = [2, 1]} {feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x4x2xf32>
  %2 = "stablehlo.convolution"(%l, %k) {padding = dense<1> : tensor<2x2xi64>, window_reversal = dense<[true, false]> : tensor<2xi1>, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x4x4x2xf32>
  %3 = "stablehlo.convolution"(%l, %k) <{window_strides = array<i64: 1, 2>, window_reversal = array<i1: false, true>, lhs_dilation = dense<[2, 1]> : tensor<2xi64>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x5x1x2xf32>
  %a = stablehlo.constant dense<1> : tensor<3x2xi8>
  %b = stablehlo.constant dense<1> : tensor<2x4xi8>
  %4 = "stablehlo.convolution"(%a, %b) {window_strides = array<i64>, padding = dense<> : tensor<0x2xi64>, dimension_numbers = #stablehlo.conv<[b, f]x[i, o]->[b, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<3x2xi8>, tensor<2x4xi8>) -> tensor<3x4xi32>
  %c = stablehlo.constant dense<1> : tensor<4x3xi8>
  %5 = stablehlo.convolution(%a, %c) dim_numbers = [f, b]x[o, i]->[f, b], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<3x2xi8>, tensor<4x3xi8>) -> tensor<4x2xi8>
  func.return
}
