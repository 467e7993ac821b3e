// One level deeper than tests/interpret/collective_deep_calls.mlir: @count(500)
// needs 501 calls and 501 if regions, 1002 levels; the 1001st block is the
// body of @count(0), called from the if region of @count(1): a located
// error at that call in each process, status 2, no stack overflow.
// EXPECT-ERR: too_deep.mlir:15:12: error: calls and regions nested more than 1000 deep (the limit) calling @count
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
    %n = stablehlo.constant dense<500> : tensor<i32>
    %r:2 = "interpreter.run_parallel"(%n, %n) {programs = [[@count], [@count]]} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
    check.expect_eq_const %r#0, dense<500> : tensor<i32>
    check.expect_eq_const %r#1, dense<500> : tensor<i32>
    func.return
  }
}
