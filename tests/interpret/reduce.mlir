// RUN: ir-run --interpret -split-input-file %s
// Each result element is a left fold in row-major order from the init value,
// rounded at every step (SPEC.md 4.40).

func.func @reduce_f8_stagnation() {
  %x = stablehlo.constant dense<1.0> : tensor<2x20xf8E4M3>
  %z = stablehlo.constant dense<0.0> : tensor<f8E4M3>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2x20xf8E4M3>, tensor<f8E4M3>) -> tensor<2xf8E4M3>
  check.expect_eq_const %r, dense<16.0> : tensor<2xf8E4M3>
  func.return
}

// -----

func.func @reduce_generic_i64() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  %z = stablehlo.constant dense<0> : tensor<i64>
  %r = "stablehlo.reduce"(%x, %z) ({
    ^bb0(%acc: tensor<i64>, %e: tensor<i64>):
      %s = stablehlo.add %acc, %e : tensor<i64>
      stablehlo.return %s : tensor<i64>
  }) {dimensions = array<i64: 1>} : (tensor<2x3xi64>, tensor<i64>) -> tensor<2xi64>
  check.expect_eq_const %r, dense<[6, 15]> : tensor<2xi64>
  func.return
}

// -----

// a non-commutative body shows the fold order: ((10 - 1) - 2) - 3 = 4
func.func @reduce_subtract_order() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %i = stablehlo.constant dense<10> : tensor<i32>
  %r = stablehlo.reduce(%x init: %i) across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
   reducer(%acc: tensor<i32>, %e: tensor<i32>) {
    %s = stablehlo.subtract %acc, %e : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }
  check.expect_eq_const %r, dense<[4, -5]> : tensor<2xi32>
  func.return
}

// -----

// two inputs (argmax), reading the enclosing function's values, over dim 0
func.func @reduce_two_inputs() {
  %v = stablehlo.constant dense<[[1.0, 9.0], [5.0, 2.0], [3.0, 7.0]]> : tensor<3x2xf32>
  %k = stablehlo.iota dim = 0 : tensor<3x2xi32>
  %v0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %k0 = stablehlo.constant dense<-1> : tensor<i32>
  %r:2 = stablehlo.reduce(%v init: %v0), (%k init: %k0) across dimensions = [0]
    : (tensor<3x2xf32>, tensor<3x2xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
   reducer(%av: tensor<f32>, %xv: tensor<f32>) (%ak: tensor<i32>, %xk: tensor<i32>) {
    %gt = stablehlo.compare GT, %av, %xv, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %nv = stablehlo.select %gt, %av, %xv : tensor<i1>, tensor<f32>
    %nk = stablehlo.select %gt, %ak, %xk : tensor<i1>, tensor<i32>
    stablehlo.return %nv, %nk : tensor<f32>, tensor<i32>
  }
  check.expect_eq_const %r#0, dense<[5.0, 9.0]> : tensor<2xf32>
  check.expect_eq_const %r#1, dense<[1, 0]> : tensor<2xi32>
  func.return
}

// -----

func.func @reduce_empty_and_all() {
  %x = stablehlo.constant dense<> : tensor<0x3xbf16>
  %i = stablehlo.constant dense<2.5> : tensor<bf16>
  %r = stablehlo.reduce(%x init: %i) applies stablehlo.maximum across dimensions = [0] : (tensor<0x3xbf16>, tensor<bf16>) -> tensor<3xbf16>
  check.expect_eq_const %r, dense<2.5> : tensor<3xbf16>
  %y = stablehlo.constant dense<[[true, false], [true, true]]> : tensor<2x2xi1>
  %t = stablehlo.constant dense<true> : tensor<i1>
  %s = stablehlo.reduce(%y init: %t) applies stablehlo.and across dimensions = [0, 1] : (tensor<2x2xi1>, tensor<i1>) -> tensor<i1>
  check.expect_eq_const %s, dense<false> : tensor<i1>
  func.return
}
