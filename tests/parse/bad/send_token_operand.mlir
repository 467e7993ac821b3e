// ERROR: send_token_operand.mlir:3:26: error: 'stablehlo.send' operand #0 must be a tensor, got !stablehlo.token
func.func @f(%x: tensor<4xf32>, %y: tensor<3xf32>, %m: tensor<4x2xf32>, %h: tensor<2xf16>, %roots: tensor<2xi32>, %t: !stablehlo.token) {
  %t1 = "stablehlo.send"(%t, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>} : (!stablehlo.token, !stablehlo.token) -> !stablehlo.token
  func.return
}
