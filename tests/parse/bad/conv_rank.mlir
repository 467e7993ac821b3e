// ERROR: conv_rank.mlir:5:30: error: 'stablehlo.convolution' lhs tensor<1x4x4x2xf32> must have rank 3 (1 spatial dimension, batch and feature)
func.func @main() {
  %l = stablehlo.constant dense<1.0> : tensor<1x4x4x2xf32>
  %k = stablehlo.constant dense<1.0> : tensor<3x3x2x2xf32>
  %r = stablehlo.convolution(%l, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  func.return
}
