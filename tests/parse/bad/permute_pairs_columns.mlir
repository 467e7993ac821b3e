// ERROR: permute_pairs_columns.mlir:3:66: error: 'stablehlo.collective_permute' attribute 'source_target_pairs' must have 2 columns (source, target), got 3
func.func @f(%x: tensor<4xf32>, %y: tensor<3xf32>, %m: tensor<4x2xf32>, %h: tensor<2xf16>, %roots: tensor<2xi32>, %t: !stablehlo.token) {
  %r = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}
