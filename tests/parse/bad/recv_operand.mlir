// ERROR: recv_operand.mlir:3:30: error: 'stablehlo.recv' operand must be !stablehlo.token, got tensor<4xf32>
func.func @f(%x: tensor<4xf32>, %y: tensor<3xf32>, %m: tensor<4x2xf32>, %h: tensor<2xf16>, %roots: tensor<2xi32>, %t: !stablehlo.token) {
  %v, %t1 = "stablehlo.recv"(%x) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>} : (tensor<4xf32>) -> (tensor<4xf32>, !stablehlo.token)
  func.return
}
