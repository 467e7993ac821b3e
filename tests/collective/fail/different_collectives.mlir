// Both processes wait in one group, one in all_reduce, the other in
// collective_broadcast: they never meet.
// EXPECT-ERR: different_collectives.mlir:11:10: error: deadlock
// EXPECT-ERR:   process (0, 0): waits in 'stablehlo.all_reduce' at different_collectives.mlir:11:10 (channel 1)
// EXPECT-ERR:   process (0, 1): waits in 'stablehlo.collective_broadcast' at different_collectives.mlir:19:10 (channel 1)
module @different_collectives {
  func.func @f(%x : tensor<f64>) -> tensor<f64> {
    %r = "stablehlo.partition_id"() : () -> tensor<ui32>
    %r2 = "stablehlo.replica_id"() : () -> tensor<ui32>
    %t = stablehlo.after_all : !stablehlo.token
    %s = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<f64>, %b: tensor<f64>):
        %m = stablehlo.maximum %a, %b : tensor<f64>
        stablehlo.return %m : tensor<f64>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<f64>) -> tensor<f64>
    return %s : tensor<f64>
  }
  func.func @g(%x : tensor<f64>) -> tensor<f64> {
    %s = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<f64>) -> tensor<f64>
    return %s : tensor<f64>
  }
  func.func @main() {
    %x = stablehlo.constant dense<5.0> : tensor<f64>
    %r:2 = "interpreter.run_parallel"(%x, %x) {programs = [[@f, @g]]} : (tensor<f64>, tensor<f64>) -> (tensor<f64>, tensor<f64>)
    func.return
  }
}
