// A failing check in an all_reduce body (tests/collectives.sh counts the
// failures; worked by hand): REF runs the body once per element on each
// process (two members: one step of acc := body(acc, v) per element), so
// 4 elements x 2 processes = 8 failures per chunk, whether the processes
// run one function (first chunk) or two copies of it (second chunk). The
// sums themselves pass: [1, 2, 3, 4] + [1, 2, 3, 4].
module @same_function {
  func.func @f(%x: tensor<4xi32>) -> tensor<4xi32> {
    %r = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<i32>, %b: tensor<i32>):
        check.expect_eq_const %b, dense<99> : tensor<i32>
        %t = stablehlo.add %a, %b : tensor<i32>
        stablehlo.return %t : tensor<i32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi32>) -> tensor<4xi32>
    return %r : tensor<4xi32>
  }
  func.func @main() {
    %x = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    %r:2 = "interpreter.run_parallel"(%x, %x) {programs = [[@f], [@f]]} : (tensor<4xi32>, tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>)
    check.expect_eq_const %r#0, dense<[2, 4, 6, 8]> : tensor<4xi32>
    check.expect_eq_const %r#1, dense<[2, 4, 6, 8]> : tensor<4xi32>
    func.return
  }
}

// -----

module @two_functions {
  func.func @f(%x: tensor<4xi32>) -> tensor<4xi32> {
    %r = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<i32>, %b: tensor<i32>):
        check.expect_eq_const %b, dense<99> : tensor<i32>
        %t = stablehlo.add %a, %b : tensor<i32>
        stablehlo.return %t : tensor<i32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi32>) -> tensor<4xi32>
    return %r : tensor<4xi32>
  }
  func.func @f2(%x: tensor<4xi32>) -> tensor<4xi32> {
    %r = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<i32>, %b: tensor<i32>):
        check.expect_eq_const %b, dense<99> : tensor<i32>
        %t = stablehlo.add %a, %b : tensor<i32>
        stablehlo.return %t : tensor<i32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi32>) -> tensor<4xi32>
    return %r : tensor<4xi32>
  }
  func.func @main() {
    %x = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    %r:2 = "interpreter.run_parallel"(%x, %x) {programs = [[@f], [@f2]]} : (tensor<4xi32>, tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>)
    check.expect_eq_const %r#0, dense<[2, 4, 6, 8]> : tensor<4xi32>
    check.expect_eq_const %r#1, dense<[2, 4, 6, 8]> : tensor<4xi32>
    func.return
  }
}
