// ERROR: groups_missing.mlir:3:8: error: 'stablehlo.collective_broadcast' requires the attribute 'replica_groups'
func.func @f(%x: tensor<4xf32>, %y: tensor<3xf32>, %m: tensor<4x2xf32>, %h: tensor<2xf16>, %roots: tensor<2xi32>, %t: !stablehlo.token) {
  %r = "stablehlo.collective_broadcast"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}
