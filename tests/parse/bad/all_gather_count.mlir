// ERROR: all_gather_count.mlir:3:10: error: 'stablehlo.all_gather' needs one result per operand (at least one), got 1 operands and 2 results
func.func @f(%x: tensor<4xf32>, %y: tensor<3xf32>, %m: tensor<4x2xf32>, %h: tensor<2xf16>, %roots: tensor<2xi32>, %t: !stablehlo.token) {
  %r:2 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  func.return
}
