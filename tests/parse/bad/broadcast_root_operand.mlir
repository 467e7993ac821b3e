// ERROR: broadcast_root_operand.mlir:3:45: error: 'stablehlo.collective_broadcast' with has_dynamic_root needs a last operand of 1 integer root (rank 1), got tensor<2xi32>
func.func @f(%x: tensor<4xf32>, %y: tensor<3xf32>, %m: tensor<4x2xf32>, %h: tensor<2xf16>, %roots: tensor<2xi32>, %t: !stablehlo.token) {
  %r = "stablehlo.collective_broadcast"(%x, %roots) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<4xf32>, tensor<2xi32>) -> tensor<4xf32>
  func.return
}
