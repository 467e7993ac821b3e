// RUN: ir-run --interpret -split-input-file %s
// A function called again reuses the frame its last call left (its small
// tensors and splats kept as spares, docs/internals.md): no value of one
// call may show through in the next. Expected values are worked out by
// hand.

// @step(x, k) = max(x / 2 + 1/2 + k, 1/2) on splats and a stored vector;
// called 4 times in a loop: x = 1 -> 1 -> 2 -> 3.5 -> 5.25 (k = 0, 1, 2, 3),
// the last element of x starting at 7 instead: 7 -> 4 -> 3.5 -> 4.25 -> 5.625
func.func private @step(%x: tensor<4xf32>, %k: tensor<i64>) -> tensor<4xf32> {
  %half = stablehlo.constant dense<0.5> : tensor<4xf32>
  %y = stablehlo.multiply %x, %half : tensor<4xf32>
  %z = stablehlo.add %y, %half : tensor<4xf32>
  %kf = stablehlo.convert %k : (tensor<i64>) -> tensor<f32>
  %kb = stablehlo.broadcast_in_dim %kf, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %w = stablehlo.add %z, %kb : tensor<4xf32>
  %m = stablehlo.maximum %w, %half : tensor<4xf32>
  func.return %m : tensor<4xf32>
}

func.func @main() {
  %i0 = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %n = stablehlo.constant dense<4> : tensor<i64>
  %x0 = stablehlo.constant dense<[1.0, 1.0, 1.0, 7.0]> : tensor<4xf32>
  %r:2 = stablehlo.while(%i = %i0, %x = %x0) : tensor<i64>, tensor<4xf32>
  cond {
    %c = stablehlo.compare LT, %i, %n : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %y = func.call @step(%x, %i) : (tensor<4xf32>, tensor<i64>) -> tensor<4xf32>
    %j = stablehlo.add %i, %one : tensor<i64>
    stablehlo.return %j, %y : tensor<i64>, tensor<4xf32>
  }
  check.expect_eq_const %r#1, dense<[5.25, 5.25, 5.25, 5.625]> : tensor<4xf32>
  func.return
}

// -----

// a splat result one call, a stored one the next: @pick returns a splat of
// k for k < 2, else an iota plus k; the sum over k = 0..3 of the results is
// [0,0,0] + [1,1,1] + [2,3,4] + [3,4,5] = [6, 8, 10]
func.func private @pick(%k: tensor<i32>) -> tensor<3xi32> {
  %two = stablehlo.constant dense<2> : tensor<i32>
  %small = stablehlo.compare LT, %k, %two : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %r = "stablehlo.if"(%small) ({
    %s = stablehlo.broadcast_in_dim %k, dims = [] : (tensor<i32>) -> tensor<3xi32>
    stablehlo.return %s : tensor<3xi32>
  }, {
    %io = stablehlo.iota dim = 0 : tensor<3xi32>
    %kb = stablehlo.broadcast_in_dim %k, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %t = stablehlo.add %io, %kb : tensor<3xi32>
    stablehlo.return %t : tensor<3xi32>
  }) : (tensor<i1>) -> tensor<3xi32>
  func.return %r : tensor<3xi32>
}

func.func @main() {
  %k0 = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %n = stablehlo.constant dense<4> : tensor<i32>
  %s0 = stablehlo.constant dense<0> : tensor<3xi32>
  %r:2 = stablehlo.while(%k = %k0, %s = %s0) : tensor<i32>, tensor<3xi32>
  cond {
    %c = stablehlo.compare LT, %k, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %p = func.call @pick(%k) : (tensor<i32>) -> tensor<3xi32>
    %s2 = stablehlo.add %s, %p : tensor<3xi32>
    %k2 = stablehlo.add %k, %one : tensor<i32>
    stablehlo.return %k2, %s2 : tensor<i32>, tensor<3xi32>
  }
  check.expect_eq_const %r#1, dense<[6, 8, 10]> : tensor<3xi32>
  func.return
}

// -----

// recursion: @fact calls itself while the outer call's frame is running;
// the results of both calls of @fact are kept and both are right
func.func private @fact(%n: tensor<i64>) -> tensor<i64> {
  %one = stablehlo.constant dense<1> : tensor<i64>
  %done = stablehlo.compare LE, %n, %one : (tensor<i64>, tensor<i64>) -> tensor<i1>
  %r = "stablehlo.if"(%done) ({
    stablehlo.return %one : tensor<i64>
  }, {
    %m = stablehlo.subtract %n, %one : tensor<i64>
    %f = func.call @fact(%m) : (tensor<i64>) -> tensor<i64>
    %p = stablehlo.multiply %n, %f : tensor<i64>
    stablehlo.return %p : tensor<i64>
  }) : (tensor<i1>) -> tensor<i64>
  func.return %r : tensor<i64>
}

func.func @main() {
  %five = stablehlo.constant dense<5> : tensor<i64>
  %three = stablehlo.constant dense<3> : tensor<i64>
  %a = func.call @fact(%five) : (tensor<i64>) -> tensor<i64>
  %b = func.call @fact(%three) : (tensor<i64>) -> tensor<i64>
  check.expect_eq_const %a, dense<120> : tensor<i64>
  check.expect_eq_const %b, dense<6> : tensor<i64>
  func.return
}

// -----

// the argument is a splat in the first call and stored in full in the
// second, so @affine's values are splats once and stored the next time
func.func private @affine(%x: tensor<4xf32>) -> tensor<4xf32> {
  %two = stablehlo.constant dense<2.0> : tensor<4xf32>
  %y = stablehlo.multiply %x, %two : tensor<4xf32>
  %z = stablehlo.add %y, %two : tensor<4xf32>
  %w = stablehlo.subtract %z, %x : tensor<4xf32>
  func.return %w : tensor<4xf32>
}

func.func @main() {
  %s = stablehlo.constant dense<3.0> : tensor<4xf32>
  %v = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %a = func.call @affine(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %b = func.call @affine(%v) : (tensor<4xf32>) -> tensor<4xf32>
  %c = func.call @affine(%s) : (tensor<4xf32>) -> tensor<4xf32>
  check.expect_eq_const %a, dense<5.0> : tensor<4xf32>
  check.expect_eq_const %b, dense<[3.0, 4.0, 5.0, 6.0]> : tensor<4xf32>
  check.expect_eq_const %c, dense<5.0> : tensor<4xf32>
  func.return
}
