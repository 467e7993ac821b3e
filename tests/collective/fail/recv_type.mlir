// What arrives must have the recv's result types (decision 46).
// EXPECT-ERR: recv_type.mlir:6:15: error: 'stablehlo.recv' result #0 is tensor<2xf32> but tensor<2xi32> arrived (decision 46)
module @recv_type {
  func.func @f(%t : !stablehlo.token) -> !stablehlo.token {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %y, %t1 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
    return %t1 : !stablehlo.token
  }
  func.func @g(%t : !stablehlo.token) -> !stablehlo.token {
    %c = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
    %t1 = "stablehlo.send"(%c, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>} : (tensor<2xi32>, !stablehlo.token) -> !stablehlo.token
    return %t1 : !stablehlo.token
  }
  func.func @main() {
    %t = stablehlo.after_all : !stablehlo.token
    %r:2 = "interpreter.run_parallel"(%t, %t) {programs = [[@f, @g]]} : (!stablehlo.token, !stablehlo.token) -> (!stablehlo.token, !stablehlo.token)
    func.return
  }
}
