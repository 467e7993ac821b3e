// Each process receives before it sends: both wait, neither returned.
// EXPECT-ERR: recv_cycle.mlir:9:15: error: deadlock
// EXPECT-ERR:   process (0, 0): waits in 'stablehlo.recv' at recv_cycle.mlir:9:15 (channel 1)
// EXPECT-ERR:   process (1, 0): waits in 'stablehlo.recv' at recv_cycle.mlir:15:15 (channel 2)
module @recv_cycle {
  func.func @f(%t : !stablehlo.token) -> !stablehlo.token {
    %c = stablehlo.constant dense<1.0> : tensor<f32>
    %t0 = stablehlo.after_all %t : !stablehlo.token
    %y, %t1 = "stablehlo.recv"(%t0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>} : (!stablehlo.token) -> (tensor<f32>, !stablehlo.token)
    %t2 = "stablehlo.send"(%c, %t1) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 2>} : (tensor<f32>, !stablehlo.token) -> !stablehlo.token
    return %t2 : !stablehlo.token
  }
  func.func @g(%t : !stablehlo.token) -> !stablehlo.token {
    %c = stablehlo.constant dense<2.0> : tensor<f32>
    %y, %t1 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 3>} : (!stablehlo.token) -> (tensor<f32>, !stablehlo.token)
    %t2 = "stablehlo.send"(%c, %t1) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>} : (tensor<f32>, !stablehlo.token) -> !stablehlo.token
    return %t2 : !stablehlo.token
  }
  func.func @main() {
    %t = stablehlo.after_all : !stablehlo.token
    %r:2 = "interpreter.run_parallel"(%t, %t) {programs = [[@f], [@g]]} : (!stablehlo.token, !stablehlo.token) -> (!stablehlo.token, !stablehlo.token)
    func.return
  }
}
