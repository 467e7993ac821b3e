// ERROR: recv_last_result.mlir:3:13: error: 'stablehlo.recv' returns tensors and then a !stablehlo.token as its last result
func.func @f(%x: tensor<4xf32>, %y: tensor<3xf32>, %m: tensor<4x2xf32>, %h: tensor<2xf16>, %roots: tensor<2xi32>, %t: !stablehlo.token) {
  %v, %t1 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>} : (!stablehlo.token) -> (!stablehlo.token, tensor<4xf32>)
  func.return
}
