func.func @main() -> tensor<1x2x2x1xi32> {
  %l = stablehlo.constant dense<1> : tensor<1x4x4x1xi32>
  %k = stablehlo.constant dense<1> : tensor<3x3x1x1xi32>
  %p = stablehlo.constant dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>
  %r = "stablehlo.dynamic_conv"(%l, %k, %p) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xi32>, tensor<3x3x1x1xi32>, tensor<2x2xi64>) -> tensor<1x2x2x1xi32>
  func.return %r : tensor<1x2x2x1xi32>
}
