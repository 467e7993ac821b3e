// ERROR: send_no_token.mlir:3:9: error: 'stablehlo.send' takes tensors and then a !stablehlo.token as its last operand
func.func @f(%x: tensor<4xf32>, %y: tensor<3xf32>, %m: tensor<4x2xf32>, %h: tensor<2xf16>, %roots: tensor<2xi32>, %t: !stablehlo.token) {
  %t1 = "stablehlo.send"(%x) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>} : (tensor<4xf32>) -> !stablehlo.token
  func.return
}
