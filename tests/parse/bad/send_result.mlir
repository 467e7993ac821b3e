// ERROR: send_result.mlir:3:9: error: 'stablehlo.send' result must be !stablehlo.token, got tensor<4xf32>
func.func @f(%x: tensor<4xf32>, %y: tensor<3xf32>, %m: tensor<4x2xf32>, %h: tensor<2xf16>, %roots: tensor<2xi32>, %t: !stablehlo.token) {
  %t1 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>} : (tensor<4xf32>, !stablehlo.token) -> tensor<4xf32>
  func.return
}
