// Two processes take from an infeed queue of one function (decision 47).
// EXPECT-ERR: error: 'stablehlo.infeed': the infeed queue is empty (decision 47)
module @infeed_empty {
  func.func @q() -> tensor<i32> {
    %c = stablehlo.constant dense<3> : tensor<i32>
    return %c : tensor<i32>
  }
  func.func @f(%t : !stablehlo.token) -> tensor<i32> {
    %x, %t1 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<i32>, !stablehlo.token)
    return %x : tensor<i32>
  }
  func.func @main() {
    %t = stablehlo.after_all : !stablehlo.token
    %r:2 = "interpreter.run_parallel"(%t, %t) {programs = [[@f], [@f]], infeed = [@q]} : (!stablehlo.token, !stablehlo.token) -> (tensor<i32>, tensor<i32>)
    func.return
  }
}
