// ERROR: channel_handle_field.mlir:3:101: error: 'stablehlo.collective_broadcast' channel_handle has an unknown field 'kind'
func.func @f(%x: tensor<4xf32>, %y: tensor<3xf32>, %m: tensor<4x2xf32>, %h: tensor<2xf16>, %roots: tensor<2xi32>, %t: !stablehlo.token) {
  %r = "stablehlo.collective_broadcast"(%x) {channel_handle = #stablehlo.channel_handle<handle = 1, kind = 2>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}
