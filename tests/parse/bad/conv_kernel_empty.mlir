// ERROR: conv_kernel_empty.mlir:5:34: error: 'stablehlo.convolution' kernel spatial dimension 0 (dimension 0 of tensor<0x3x2x2xf32>) is empty: windows need a positive size
func.func @main() {
  %l = stablehlo.constant dense<1.0> : tensor<1x4x4x2xf32>
  %k = stablehlo.constant dense<1.0> : tensor<0x3x2x2xf32>
  %r = stablehlo.convolution(%l, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<0x3x2x2xf32>) -> tensor<1x5x2x2xf32>
  func.return
}
