// ERROR: conv_dims_twice.mlir:5:59: error: 'stablehlo.convolution' input dimensions name spatial dimension 0 twice
func.func @main() {
  %l = stablehlo.constant dense<1.0> : tensor<1x4x4x2xf32>
  %k = stablehlo.constant dense<1.0> : tensor<3x3x2x2xf32>
  %r = stablehlo.convolution(%l, %k) dim_numbers = [b, 0, 0, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  func.return
}
