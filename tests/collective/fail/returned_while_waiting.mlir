// Process (1, 0) returns while (0, 0) waits for it in an all_reduce.
// EXPECT-ERR: returned_while_waiting.mlir:7:10: error: deadlock
// EXPECT-ERR:   process (0, 0): waits in 'stablehlo.all_reduce' at returned_while_waiting.mlir:7:10 (channel 0)
// EXPECT-ERR:   process (1, 0): has returned
module @returned_while_waiting {
  func.func @f(%x : tensor<2xf32>) -> tensor<2xf32> {
    %r = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
    return %r : tensor<2xf32>
  }
  func.func @g(%x : tensor<2xf32>) -> tensor<2xf32> {
    return %x : tensor<2xf32>
  }
  func.func @main() {
    %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %r:2 = "interpreter.run_parallel"(%x, %x) {programs = [[@f], [@g]]} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
    func.return
  }
}
