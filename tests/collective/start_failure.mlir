// tests/collectives.sh runs this with IRRUN_TEST_FAIL_THREAD=4: the thread
// of process 4 (row-major: (4, 0)) of the 6x1 grid cannot start, nor are
// the ones after it tried. The run must end with one located error at the
// run_parallel op (status 2); the processes that started, waiting for it
// in the all_reduce, end without a message.
func.func @f() -> tensor<i32> {
  %one = stablehlo.constant dense<1> : tensor<i32>
  %s = "stablehlo.all_reduce"(%one) ({
    ^bb0(%x: tensor<i32>, %y: tensor<i32>):
      %z = stablehlo.add %x, %y : tensor<i32>
      stablehlo.return %z : tensor<i32>
  }) {replica_groups = dense<[[0, 1, 2, 3, 4, 5]]> : tensor<1x6xi64>} : (tensor<i32>) -> tensor<i32>
  return %s : tensor<i32>
}
func.func @main() -> tensor<i32> {
  %r:6 = "interpreter.run_parallel"() {programs = [[@f], [@f], [@f], [@f], [@f], [@f]]} : () -> (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>)
  return %r#4 : tensor<i32>
}
