// ARGS: --args '[dense<[[[1],[2],[3],[4]]]> : tensor<1x4x1xi32>]'
// dynamic_conv: a window of 2 ones, padding 1 low and 0 high from a constant operand
func.func @main(%x: tensor<1x?x1xi32>) -> tensor<1x?x1xi32> {
  %k = stablehlo.constant dense<1> : tensor<2x1x1xi32>
  %p = stablehlo.constant dense<[[1, 0]]> : tensor<1x2xi32>
  %y = "stablehlo.dynamic_conv"(%x, %k, %p) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64} : (tensor<1x?x1xi32>, tensor<2x1x1xi32>, tensor<1x2xi32>) -> tensor<1x?x1xi32>
  func.return %y : tensor<1x?x1xi32>
}
