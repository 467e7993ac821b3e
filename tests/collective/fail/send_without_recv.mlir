// A send waits until a recv is ready (SPEC 9.6.11); nobody receives.
// EXPECT-ERR: send_without_recv.mlir:8:11: error: deadlock
// EXPECT-ERR:   process (0, 0): waits in 'stablehlo.send' at send_without_recv.mlir:8:11 (channel 7)
// EXPECT-ERR:   process (0, 1): has returned
module @send_without_recv {
  func.func @f(%t : !stablehlo.token) -> !stablehlo.token {
    %c = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
    %t1 = "stablehlo.send"(%c, %t) {channel_handle = #stablehlo.channel_handle<handle = 7, type = 2>, is_host_transfer = true} : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
    return %t1 : !stablehlo.token
  }
  func.func @g(%t : !stablehlo.token) -> !stablehlo.token {
    return %t : !stablehlo.token
  }
  func.func @main() {
    %t = stablehlo.after_all : !stablehlo.token
    %r:2 = "interpreter.run_parallel"(%t, %t) {programs = [[@f, @g]]} : (!stablehlo.token, !stablehlo.token) -> (!stablehlo.token, !stablehlo.token)
    func.return
  }
}
