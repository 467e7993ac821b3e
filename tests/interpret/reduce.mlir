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

// -----

// A body of element-wise ops runs on all result elements at once; the fold
// order (row-major over reduced dims 0 and 2), a value captured from the
// function (%k) and a body constant must still give each element's own fold:
// b=0 folds 1,2,7,8 from 1: 101, 300, 693, 1478.
func.func @reduce_lanes_captured_and_constant() {
  %x = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]]> : tensor<2x3x2xi32>
  %i = stablehlo.constant dense<1> : tensor<i32>
  %k = stablehlo.constant dense<100> : tensor<i32>
  %r = stablehlo.reduce(%x init: %i) across dimensions = [0, 2] : (tensor<2x3x2xi32>, tensor<i32>) -> tensor<3xi32>
   reducer(%acc: tensor<i32>, %e: tensor<i32>) {
    %two = stablehlo.constant dense<2> : tensor<i32>
    %d = stablehlo.multiply %acc, %two : tensor<i32>
    %s = stablehlo.subtract %d, %e : tensor<i32>
    %n = stablehlo.add %s, %k : tensor<i32>
    stablehlo.return %n : tensor<i32>
  }
  check.expect_eq_const %r, dense<[1478, 1448, 1418]> : tensor<3xi32>
  func.return
}

// -----

// f8E4M3 rounds after every step: 16 + 1 is a tie that stays 16, while
// eight 1s first reach 8 and then 8 + 16 = 24. The select reads a predicate
// captured from the function.
func.func @reduce_lanes_rounding_per_step() {
  %x = stablehlo.constant dense<[[16.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 16.0]]> : tensor<2x9xf8E4M3>
  %z = stablehlo.constant dense<0.0> : tensor<f8E4M3>
  %p = stablehlo.constant dense<true> : tensor<i1>
  %r = stablehlo.reduce(%x init: %z) across dimensions = [1] : (tensor<2x9xf8E4M3>, tensor<f8E4M3>) -> tensor<2xf8E4M3>
   reducer(%acc: tensor<f8E4M3>, %e: tensor<f8E4M3>) {
    %s = stablehlo.add %acc, %e : tensor<f8E4M3>
    %n = stablehlo.select %p, %s, %acc : tensor<i1>, tensor<f8E4M3>
    stablehlo.return %n : tensor<f8E4M3>
  }
  check.expect_eq_const %r, dense<[16.0, 24.0]> : tensor<2xf8E4M3>
  func.return
}

// -----

// A body that itself reduces (here a captured vector, with the element as
// init) is evaluated element by element: row 0 gives 0-31-32-33 = -96.
func.func @reduce_nested_body() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %cv = stablehlo.constant dense<[10, 20]> : tensor<2xi32>
  %r = stablehlo.reduce(%x init: %z) across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
   reducer(%acc: tensor<i32>, %e: tensor<i32>) {
    %t = stablehlo.reduce(%cv init: %e) applies stablehlo.add across dimensions = [0] : (tensor<2xi32>, tensor<i32>) -> tensor<i32>
    %n = stablehlo.subtract %acc, %t : tensor<i32>
    stablehlo.return %n : tensor<i32>
  }
  check.expect_eq_const %r, dense<[-96, -105]> : tensor<2xi32>
  func.return
}

// -----

// complex<f64>: part-wise add, the multiply of SPEC 4.6, subtract in the
// general form, all folded left from the init value in row-major order.
func.func @reduce_complex_f64() {
  %x = stablehlo.constant dense<[[(1.0, 2.0), (3.0, -4.0), (0.5, 0.25)], [(1.0e308, 0.0), (1.0e308, 1.0), (-1.0e308, 2.0)]]> : tensor<2x3xcomplex<f64>>
  %z = stablehlo.constant dense<(0.0, 0.0)> : tensor<complex<f64>>
  // row 1: (0 + 1e308) + 1e308 = +Inf already, Inf - 1e308 = Inf (another
  // order would give 1e308); imaginary 0 + 0 + 1 + 2 = 3
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2x3xcomplex<f64>>, tensor<complex<f64>>) -> tensor<2xcomplex<f64>>
  check.expect_eq_const %r, dense<[(4.5, -1.75), (0x7FF0000000000000, 3.0)]> : tensor<2xcomplex<f64>>
  %y = stablehlo.constant dense<[[(1.0, 2.0), (3.0, 4.0)], [(5.0, 6.0), (0.5, -0.5)]]> : tensor<2x2xcomplex<f64>>
  %one = stablehlo.constant dense<(1.0, 0.0)> : tensor<complex<f64>>
  // (1+2i)(3+4i) = -5+10i; (-5+10i)(5+6i) = -85+20i; (-85+20i)(0.5-0.5i) = -32.5+52.5i
  %p = stablehlo.reduce(%y init: %one) applies stablehlo.multiply across dimensions = [0, 1] : (tensor<2x2xcomplex<f64>>, tensor<complex<f64>>) -> tensor<complex<f64>>
  check.expect_eq_const %p, dense<(-32.5, 52.5)> : tensor<complex<f64>>
  // ((10+10i) - (1+2i)) - (3-4i) - (0.5+0.25i) = 5.5 + 11.75i
  %i = stablehlo.constant dense<(10.0, 10.0)> : tensor<complex<f64>>
  %s = stablehlo.reduce(%x init: %i) across dimensions = [1] : (tensor<2x3xcomplex<f64>>, tensor<complex<f64>>) -> tensor<2xcomplex<f64>>
   reducer(%acc: tensor<complex<f64>>, %e: tensor<complex<f64>>) {
    %d = stablehlo.subtract %acc, %e : tensor<complex<f64>>
    stablehlo.return %d : tensor<complex<f64>>
  }
  // row 1: 10 - 1e308 - 1e308 = -Inf, -Inf + 1e308 = -Inf; 10 - 0 - 1 - 2 = 7
  check.expect_eq_const %s, dense<[(5.5, 11.75), (0xFFF0000000000000, 7.0)]> : tensor<2xcomplex<f64>>
  // two inputs in the generic form: complex<f64> sum and i32 maximum
  %k = stablehlo.constant dense<[[4, -1, 9], [0, 2, 1]]> : tensor<2x3xi32>
  %k0 = stablehlo.constant dense<-100> : tensor<i32>
  %g:2 = "stablehlo.reduce"(%x, %k, %z, %k0) ({
    ^bb0(%a0: tensor<complex<f64>>, %a1: tensor<i32>, %e0: tensor<complex<f64>>, %e1: tensor<i32>):
      %s0 = stablehlo.add %a0, %e0 : tensor<complex<f64>>
      %s1 = stablehlo.maximum %a1, %e1 : tensor<i32>
      stablehlo.return %s0, %s1 : tensor<complex<f64>>, tensor<i32>
  }) {dimensions = array<i64: 0>} : (tensor<2x3xcomplex<f64>>, tensor<2x3xi32>, tensor<complex<f64>>, tensor<i32>) -> (tensor<3xcomplex<f64>>, tensor<3xi32>)
  check.expect_eq_const %g#0, dense<[(1.0e308, 2.0), (1.0e308, -3.0), (-1.0e308, 2.25)]> : tensor<3xcomplex<f64>>
  check.expect_eq_const %g#1, dense<[4, 2, 9]> : tensor<3xi32>
  func.return
}

// -----

// Bodies that return a captured value, an element, or swap accumulators and
// elements: the value kept as the accumulator must outlive the step.
func.func @reduce_body_returns_its_inputs() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %k = stablehlo.constant dense<7> : tensor<i32>
  %r = stablehlo.reduce(%x init: %z) across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
   reducer(%acc: tensor<i32>, %e: tensor<i32>) {
    stablehlo.return %k : tensor<i32>
  }
  check.expect_eq_const %r, dense<[7, 7]> : tensor<2xi32>
  %s = stablehlo.reduce(%x init: %z) across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
   reducer(%acc: tensor<i32>, %e: tensor<i32>) {
    stablehlo.return %e : tensor<i32>
  }
  check.expect_eq_const %s, dense<[3, 6]> : tensor<2xi32>
  %t:2 = stablehlo.reduce(%x init: %z), (%x init: %k) across dimensions = [0] : (tensor<2x3xi32>, tensor<2x3xi32>, tensor<i32>, tensor<i32>) -> (tensor<3xi32>, tensor<3xi32>)
   reducer(%a: tensor<i32>, %b: tensor<i32>) (%c: tensor<i32>, %d: tensor<i32>) {
    stablehlo.return %d, %a : tensor<i32>, tensor<i32>
  }
  check.expect_eq_const %t#0, dense<[4, 5, 6]> : tensor<3xi32>
  check.expect_eq_const %t#1, dense<[1, 2, 3]> : tensor<3xi32>
  %u = stablehlo.add %k, %k : tensor<i32>
  check.expect_eq_const %u, dense<14> : tensor<i32>
  func.return
}

// -----

// The init value is also read by the body: row 0 folds 10+1-10, +2-10, +3-10.
func.func @reduce_body_reads_its_init() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %z = stablehlo.constant dense<10> : tensor<i32>
  %r = stablehlo.reduce(%x init: %z) across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
   reducer(%acc: tensor<i32>, %e: tensor<i32>) {
    %s = stablehlo.add %acc, %e : tensor<i32>
    %t = stablehlo.subtract %s, %z : tensor<i32>
    stablehlo.return %t : tensor<i32>
  }
  check.expect_eq_const %r, dense<[-14, -5]> : tensor<2xi32>
  func.return
}

// -----

// A full reduction with a multi-op body (argmax, first index on ties) runs
// the body pinned, one fold; x[j] = j*j mod 997 peaks at 996 first at j = 161
// (161^2 = 25921 = 26*997 - 1), found independently by hand and in Python.
func.func @argmax_full_reduction() {
  %i = stablehlo.iota dim = 0 : tensor<1000xi32>
  %m = stablehlo.multiply %i, %i : tensor<1000xi32>
  %p = stablehlo.constant dense<997> : tensor<1000xi32>
  %q = stablehlo.remainder %m, %p : tensor<1000xi32>
  %x = stablehlo.convert %q : (tensor<1000xi32>) -> tensor<1000xf32>
  %v0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %k0 = stablehlo.constant dense<0> : tensor<i32>
  %v, %k = stablehlo.reduce(%x init: %v0), (%i init: %k0) across dimensions = [0]
    : (tensor<1000xf32>, tensor<1000xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>) {
    %gt = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lt = stablehlo.compare LT, %ai, %bi : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lt : tensor<i1>
    %pick = stablehlo.or %gt, %tie : tensor<i1>
    %nv = stablehlo.select %pick, %a, %b : tensor<i1>, tensor<f32>
    %ni = stablehlo.select %pick, %ai, %bi : tensor<i1>, tensor<i32>
    stablehlo.return %nv, %ni : tensor<f32>, tensor<i32>
  }
  check.expect_eq_const %v, dense<996.0> : tensor<f32>
  check.expect_eq_const %k, dense<161> : tensor<i32>
  func.return
}
