// ERROR: all_gather_dim_missing.mlir:3:8: error: 'stablehlo.all_gather' requires the attribute 'all_gather_dim'
func.func @f(%x: tensor<4xf32>, %y: tensor<3xf32>, %m: tensor<4x2xf32>, %h: tensor<2xf16>, %roots: tensor<2xi32>, %t: !stablehlo.token) {
  %r = "stablehlo.all_gather"(%x) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<8xf32>
  func.return
}
