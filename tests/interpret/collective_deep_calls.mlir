// RUN: ir-run --interpret -split-input-file %s (worked by hand)
// A process's thread has a stack of its own (GRID_STACK_BYTES): it must
// hold the deepest nesting the evaluator allows (NEST_DEPTH_MAX, 1000
// calls and regions in progress): @count(499) recurses 500 calls deep
// through an if in each of 2 processes, each call's body and its if's
// region a level: 1000 (tests/collective/fail/too_deep.mlir: one more).
module @deep_calls {
  func.func @count(%n: tensor<i32>) -> tensor<i32> {
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %done = stablehlo.compare EQ, %n, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %r = "stablehlo.if"(%done) ({
      stablehlo.return %zero : tensor<i32>
    }, {
      %m = stablehlo.subtract %n, %one : tensor<i32>
      %c = func.call @count(%m) : (tensor<i32>) -> tensor<i32>
      %s = stablehlo.add %c, %one : tensor<i32>
      stablehlo.return %s : tensor<i32>
    }) : (tensor<i1>) -> tensor<i32>
    return %r : tensor<i32>
  }
  func.func @main() {
    %n = stablehlo.constant dense<499> : tensor<i32>
    %r:2 = "interpreter.run_parallel"(%n, %n) {programs = [[@count], [@count]]} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
    check.expect_eq_const %r#0, dense<499> : tensor<i32>
    check.expect_eq_const %r#1, dense<499> : tensor<i32>
    func.return
  }
}
