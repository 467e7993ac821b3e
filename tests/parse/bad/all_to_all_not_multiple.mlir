// ERROR: all_to_all_not_multiple.mlir:3:31: error: 'stablehlo.all_to_all' operand #0 dimension 0 (3) is not a multiple of split_count 2
func.func @f(%x: tensor<4xf32>, %y: tensor<3xf32>, %m: tensor<4x2xf32>, %h: tensor<2xf16>, %roots: tensor<2xi32>, %t: !stablehlo.token) {
  %r = "stablehlo.all_to_all"(%y) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xf32>) -> tensor<3xf32>
  func.return
}
