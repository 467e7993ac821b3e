// A recv that no send ever feeds: process (1, 0) returns, (0, 0) waits.
// EXPECT-ERR: recv_without_send.mlir:9:15: error: deadlock: every process of the 2x1 grid that has not returned waits, and none can wake another (decision 45)
// EXPECT-ERR:   process (0, 0): waits in 'stablehlo.recv' at
// EXPECT-ERR: recv_without_send.mlir:9:15 (channel 1)
// EXPECT-ERR:   process (1, 0): has returned
module @recv_without_send {
  func.func @f(%t : !stablehlo.token) -> tensor<2xi64> {
    %c = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
    %y, %t1 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
    return %y : tensor<2xi64>
  }
  func.func @g(%t : !stablehlo.token) -> tensor<2xi64> {
    %c = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
    return %c : tensor<2xi64>
  }
  func.func @main() {
    %t = stablehlo.after_all : !stablehlo.token
    %r:2 = "interpreter.run_parallel"(%t, %t) {programs = [[@f], [@g]]} : (!stablehlo.token, !stablehlo.token) -> (tensor<2xi64>, tensor<2xi64>)
    func.return
  }
}
