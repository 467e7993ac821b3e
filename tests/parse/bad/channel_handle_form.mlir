// ERROR: channel_handle_form.mlir:3:63: error: 'stablehlo.collective_broadcast' attribute 'channel_handle' must be #stablehlo.channel_handle<handle = N, type = N>
func.func @f(%x: tensor<4xf32>, %y: tensor<3xf32>, %m: tensor<4x2xf32>, %h: tensor<2xf16>, %roots: tensor<2xi32>, %t: !stablehlo.token) {
  %r = "stablehlo.collective_broadcast"(%x) {channel_handle = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}
