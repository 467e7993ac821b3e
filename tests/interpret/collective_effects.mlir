// RUN: ir-run --interpret -split-input-file %s (worked by hand)
// An all_reduce body with effects (here a nested all_reduce) runs as REF
// runs it, whether or not the processes run the same function
// (docs/collectives.md, all_reduce): each process folds every element with
// its own body. Two processes, operand [1, 2] on each; element i folds
// acc = 1st process's x[i], then body(acc, 2nd process's x[i]): the inner
// all_reduce adds the two processes' acc (x[i] + x[i]), then adds b = x[i]:
// element 0: (1 + 1) + 1 = 3, element 1: (2 + 2) + 2 = 6, on both.
// The first chunk runs one function on both processes, the second two
// copies of it; the answer is the same.
module @same_function {
  func.func @f(%x: tensor<2xi32>) -> tensor<2xi32> {
    %r = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<i32>, %b: tensor<i32>):
        %c = "stablehlo.all_reduce"(%a) ({
          ^bb0(%p: tensor<i32>, %q: tensor<i32>):
            %s = stablehlo.add %p, %q : tensor<i32>
            stablehlo.return %s : tensor<i32>
        }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<i32>) -> tensor<i32>
        %t = stablehlo.add %c, %b : tensor<i32>
        stablehlo.return %t : tensor<i32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi32>) -> tensor<2xi32>
    return %r : tensor<2xi32>
  }
  func.func @main() {
    %x = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
    %r:2 = "interpreter.run_parallel"(%x, %x) {programs = [[@f], [@f]]} : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>)
    check.expect_eq_const %r#0, dense<[3, 6]> : tensor<2xi32>
    check.expect_eq_const %r#1, dense<[3, 6]> : tensor<2xi32>
    func.return
  }
}

// -----

module @two_functions {
  func.func @f(%x: tensor<2xi32>) -> tensor<2xi32> {
    %r = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<i32>, %b: tensor<i32>):
        %c = "stablehlo.all_reduce"(%a) ({
          ^bb0(%p: tensor<i32>, %q: tensor<i32>):
            %s = stablehlo.add %p, %q : tensor<i32>
            stablehlo.return %s : tensor<i32>
        }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<i32>) -> tensor<i32>
        %t = stablehlo.add %c, %b : tensor<i32>
        stablehlo.return %t : tensor<i32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi32>) -> tensor<2xi32>
    return %r : tensor<2xi32>
  }
  func.func @f2(%x: tensor<2xi32>) -> tensor<2xi32> {
    %r = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<i32>, %b: tensor<i32>):
        %c = "stablehlo.all_reduce"(%a) ({
          ^bb0(%p: tensor<i32>, %q: tensor<i32>):
            %s = stablehlo.add %p, %q : tensor<i32>
            stablehlo.return %s : tensor<i32>
        }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<i32>) -> tensor<i32>
        %t = stablehlo.add %c, %b : tensor<i32>
        stablehlo.return %t : tensor<i32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi32>) -> tensor<2xi32>
    return %r : tensor<2xi32>
  }
  func.func @main() {
    %x = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
    %r:2 = "interpreter.run_parallel"(%x, %x) {programs = [[@f], [@f2]]} : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>)
    check.expect_eq_const %r#0, dense<[3, 6]> : tensor<2xi32>
    check.expect_eq_const %r#1, dense<[3, 6]> : tensor<2xi32>
    func.return
  }
}

// -----

// A body without effects that reads a value from outside it, one that
// differs between the processes (each one's replica_id, 0 and 1): each
// process folds every element with its own value, as REF does, never one
// share each. Operand [1, 2] on both; element i is x[i] + x[i] + r, so
// process 0 gets [1 + 1 + 0, 2 + 2 + 0] = [2, 4] and process 1
// [1 + 1 + 1, 2 + 2 + 1] = [3, 5] (shared out: [2, 5] on both).
module @outside_value {
  func.func @f(%x: tensor<2xi32>) -> tensor<2xi32> {
    %id = stablehlo.replica_id : tensor<ui32>
    %r0 = stablehlo.convert %id : (tensor<ui32>) -> tensor<i32>
    %r = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<i32>, %b: tensor<i32>):
        %s = stablehlo.add %a, %b : tensor<i32>
        %t = stablehlo.add %s, %r0 : tensor<i32>
        stablehlo.return %t : tensor<i32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi32>) -> tensor<2xi32>
    return %r : tensor<2xi32>
  }
  func.func @main() {
    %x = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
    %r:2 = "interpreter.run_parallel"(%x, %x) {programs = [[@f], [@f]]} : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>)
    check.expect_eq_const %r#0, dense<[2, 4]> : tensor<2xi32>
    check.expect_eq_const %r#1, dense<[3, 5]> : tensor<2xi32>
    func.return
  }
}
