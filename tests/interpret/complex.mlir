// RUN: ir-run --interpret -split-input-file %s
// Every op on complex<f32> and complex<f64> (SPEC.md 3.10, 4.4-4.27, 4.40,
// 4.41). Expectations are worked out by hand from SPEC; the derivations are
// in the comments.
//
// Complex values cannot be bitcast to integers (complex <-> complex only), so
// where a sign or a NaN payload matters, a complex<f32> tensor is pinned bit
// for bit as: pad to Nx2, bitcast to complex<f64>, take the real part, bitcast
// to ui64 = (im bits << 32) | re bits.

func.func @add_subtract() {
  %a = stablehlo.constant dense<[(1.0, 2.0), (0x7F800000, 1.0), (-0.0, -0.0)]> : tensor<3xcomplex<f32>>
  %b = stablehlo.constant dense<[(3.0, -4.0), (0xFF800000, 1.0), (-0.0, 0.0)]> : tensor<3xcomplex<f32>>
  %s = stablehlo.add %a, %b : tensor<3xcomplex<f32>>
  // Inf + -Inf is invalid: canonical NaN 0x7FC00000; -0 + -0 = -0; -0 + +0 = +0
  %s2 = stablehlo.reshape %s : (tensor<3xcomplex<f32>>) -> tensor<3x1xcomplex<f32>>
  %z = stablehlo.constant dense<(0.0, 0.0)> : tensor<complex<f32>>
  %s3 = stablehlo.pad %s2, %z, low = [0, 0], high = [0, 1], interior = [0, 0] : (tensor<3x1xcomplex<f32>>, tensor<complex<f32>>) -> tensor<3x2xcomplex<f32>>
  %s4 = stablehlo.bitcast_convert %s3 : (tensor<3x2xcomplex<f32>>) -> tensor<3xcomplex<f64>>
  %s5 = stablehlo.convert %s4 : (tensor<3xcomplex<f64>>) -> tensor<3xf64>
  %s6 = stablehlo.bitcast_convert %s5 : (tensor<3xf64>) -> tensor<3xui64>
  check.expect_eq_const %s6, dense<[0xC000000040800000, 0x400000007FC00000, 0x0000000080000000]> : tensor<3xui64>
  %d = stablehlo.subtract %a, %b : tensor<3xcomplex<f32>>
  check.expect_eq_const %d, dense<[(-2.0, 6.0), (0x7F800000, 0.0), (0.0, 0.0)]> : tensor<3xcomplex<f32>>
  %c = stablehlo.constant dense<[(1.0e308, -2.5), (0.1, 0.2)]> : tensor<2xcomplex<f64>>
  %e = stablehlo.constant dense<[(1.0e308, 2.5), (0.2, 0.1)]> : tensor<2xcomplex<f64>>
  // 1e308 + 1e308 overflows to Inf; 0.1 + 0.2 = 0.30000000000000004 in binary64
  %f = stablehlo.add %c, %e : tensor<2xcomplex<f64>>
  check.expect_eq_const %f, dense<[(0x7FF0000000000000, 0.0), (0.30000000000000004, 0.30000000000000004)]> : tensor<2xcomplex<f64>>
  %g = stablehlo.subtract %c, %e : tensor<2xcomplex<f64>>
  check.expect_eq_const %g, dense<[(0.0, -5.0), (-0.1, 0.1)]> : tensor<2xcomplex<f64>>
  func.return
}

// -----

// (a+bi)(c+di): re = round(round(ac) - round(bd)), im = round(round(ad) +
// round(bc)); no fused multiply-add (SPEC 4.6).
// f32: a = c = 1 + 2^-12, b = d = 1. ac = 1 + 2^-11 + 2^-24 ties to even
// 1 + 2^-11, so re = 2^-11 (fused: 2^-11 + 2^-24); im = 2 + 2^-11.
// f64: a = c = 1 + 2^-27: ac = 1 + 2^-26 + 2^-54 rounds to 1 + 2^-26, re =
// 2^-26 (0x3E50000000000000), im = 2 + 2^-26 (0x4000000002000000).
func.func @multiply_rounds_each_product() {
  %a = stablehlo.constant dense<[(0x3F800800, 1.0), (1.0e30, 1.0e30), (2.0, -3.0)]> : tensor<3xcomplex<f32>>
  %r = stablehlo.multiply %a, %a : tensor<3xcomplex<f32>>
  // (1e30 + 1e30 i)^2: both products overflow to Inf, re = Inf - Inf = NaN
  // (no C99 Annex G recovery), im = Inf; (2 - 3i)^2 = -5 - 12i
  %r2 = stablehlo.reshape %r : (tensor<3xcomplex<f32>>) -> tensor<3x1xcomplex<f32>>
  %z = stablehlo.constant dense<(0.0, 0.0)> : tensor<complex<f32>>
  %r3 = stablehlo.pad %r2, %z, low = [0, 0], high = [0, 1], interior = [0, 0] : (tensor<3x1xcomplex<f32>>, tensor<complex<f32>>) -> tensor<3x2xcomplex<f32>>
  %r4 = stablehlo.bitcast_convert %r3 : (tensor<3x2xcomplex<f32>>) -> tensor<3xcomplex<f64>>
  %r5 = stablehlo.convert %r4 : (tensor<3xcomplex<f64>>) -> tensor<3xf64>
  %r6 = stablehlo.bitcast_convert %r5 : (tensor<3xf64>) -> tensor<3xui64>
  check.expect_eq_const %r6, dense<[0x400008003A000000, 0x7F8000007FC00000, 0xC1400000C0A00000]> : tensor<3xui64>
  %b = stablehlo.constant dense<(0x3FF0000002000000, 1.0)> : tensor<complex<f64>>
  %s = stablehlo.multiply %b, %b : tensor<complex<f64>>
  check.expect_eq_const %s, dense<(0x3E50000000000000, 0x4000000002000000)> : tensor<complex<f64>>
  func.return
}

// -----

// C99 binary64 division (class B), each part rounded to the component type.
func.func @divide() {
  %a = stablehlo.constant dense<[(-5.0, 10.0), (1.0, 1.0), (1.0, 0.0), (3.0, 4.0)]> : tensor<4xcomplex<f32>>
  %b = stablehlo.constant dense<[(3.0, 4.0), (2.0, 0.0), (0.0, 1.0), (5.0, 0.0)]> : tensor<4xcomplex<f32>>
  %r = stablehlo.divide %a, %b : tensor<4xcomplex<f32>>
  // 3/5 and 4/5 in binary64, then rounded to f32: 0x3F19999A, 0x3F4CCCCD
  check.expect_eq_const %r, dense<[(1.0, 2.0), (0.5, 0.5), (0.0, -1.0), (0x3F19999A, 0x3F4CCCCD)]> : tensor<4xcomplex<f32>>
  %c = stablehlo.constant dense<[(-5.0, 10.0), (3.0, 4.0)]> : tensor<2xcomplex<f64>>
  %d = stablehlo.constant dense<[(3.0, 4.0), (5.0, 0.0)]> : tensor<2xcomplex<f64>>
  %s = stablehlo.divide %c, %d : tensor<2xcomplex<f64>>
  check.expect_eq_const %s, dense<[(1.0, 2.0), (0.6, 0.8)]> : tensor<2xcomplex<f64>>
  func.return
}

// -----

func.func @negate_keeps_nan_payloads() {
  %a = stablehlo.constant dense<[(0x7FC00001, -0.0), (1.5, 0xFF800000)]> : tensor<2xcomplex<f32>>
  %r = stablehlo.negate %a : tensor<2xcomplex<f32>>
  // both parts' sign bits flipped, NaN payload kept
  %r2 = stablehlo.reshape %r : (tensor<2xcomplex<f32>>) -> tensor<2x1xcomplex<f32>>
  %z = stablehlo.constant dense<(0.0, 0.0)> : tensor<complex<f32>>
  %r3 = stablehlo.pad %r2, %z, low = [0, 0], high = [0, 1], interior = [0, 0] : (tensor<2x1xcomplex<f32>>, tensor<complex<f32>>) -> tensor<2x2xcomplex<f32>>
  %r4 = stablehlo.bitcast_convert %r3 : (tensor<2x2xcomplex<f32>>) -> tensor<2xcomplex<f64>>
  %r5 = stablehlo.convert %r4 : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  %r6 = stablehlo.bitcast_convert %r5 : (tensor<2xf64>) -> tensor<2xui64>
  check.expect_eq_const %r6, dense<[0x00000000FFC00001, 0x7F800000BFC00000]> : tensor<2xui64>
  %b = stablehlo.constant dense<[(0.0, -2.0)]> : tensor<1xcomplex<f64>>
  %s = stablehlo.negate %b : tensor<1xcomplex<f64>>
  %s2 = stablehlo.convert %s : (tensor<1xcomplex<f64>>) -> tensor<1xf64>
  %s3 = stablehlo.bitcast_convert %s2 : (tensor<1xf64>) -> tensor<1xui64>
  check.expect_eq_const %s3, dense<[0x8000000000000000]> : tensor<1xui64>
  check.expect_eq_const %s, dense<[(-0.0, 2.0)]> : tensor<1xcomplex<f64>>
  func.return
}

// -----

// |z| = hypot(re, im) in binary64 (C99: hypot(Inf, NaN) = Inf)
func.func @abs_is_hypot() {
  %a = stablehlo.constant dense<[(3.0, 4.0), (-5.0, -12.0), (0x7FC00000, 0xFF800000), (0.0, -0.0), (3.0e38, 3.0e38)]> : tensor<5xcomplex<f32>>
  %r = stablehlo.abs %a : (tensor<5xcomplex<f32>>) -> tensor<5xf32>
  // hypot(3e38, 3e38) = 4.24e38 > f32 max: Inf after the rounding to f32
  %rb = stablehlo.bitcast_convert %r : (tensor<5xf32>) -> tensor<5xui32>
  check.expect_eq_const %rb, dense<[0x40A00000, 0x41500000, 0x7F800000, 0x00000000, 0x7F800000]> : tensor<5xui32>
  // (3 * 2^900, 4 * 2^900): the squares would overflow binary64, hypot
  // does not: 5 * 2^900
  %b = stablehlo.constant dense<[(0x7848000000000000, 0x7850000000000000), (-8.0, 15.0)]> : tensor<2xcomplex<f64>>
  %s = stablehlo.abs %b : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  %sb = stablehlo.bitcast_convert %s : (tensor<2xf64>) -> tensor<2xui64>
  check.expect_eq_const %sb, dense<[0x7854000000000000, 0x4031000000000000]> : tensor<2xui64>
  func.return
}

// -----

// REF's rule (SPEC 4.11): if the real parts are IEEE-equal compare the
// imaginary parts, else the real parts; a false comparison picks b.
func.func @maximum_minimum() {
  %a = stablehlo.constant dense<[(1.0, 5.0), (1.0, 5.0), (0x7FF8000000000000, 0.0), (-0.0, 1.0), (2.0, 0x7FF8000000000000)]> : tensor<5xcomplex<f64>>
  %b = stablehlo.constant dense<[(1.0, 3.0), (2.0, 0.0), (1.0, 1.0), (0.0, 2.0), (2.0, 1.0)]> : tensor<5xcomplex<f64>>
  %mx = stablehlo.maximum %a, %b : tensor<5xcomplex<f64>>
  check.expect_eq_const %mx, dense<[(1.0, 5.0), (2.0, 0.0), (1.0, 1.0), (0.0, 2.0), (2.0, 1.0)]> : tensor<5xcomplex<f64>>
  %mn = stablehlo.minimum %a, %b : tensor<5xcomplex<f64>>
  check.expect_eq_const %mn, dense<[(1.0, 3.0), (1.0, 5.0), (1.0, 1.0), (-0.0, 1.0), (2.0, 1.0)]> : tensor<5xcomplex<f64>>
  // minimum picked a = (-0, 1) on the 4th pair: the sign of its zero is kept
  %re = stablehlo.convert %mn : (tensor<5xcomplex<f64>>) -> tensor<5xf64>
  %reb = stablehlo.bitcast_convert %re : (tensor<5xf64>) -> tensor<5xui64>
  check.expect_eq_const %reb, dense<[0x3FF0000000000000, 0x3FF0000000000000, 0x3FF0000000000000, 0x8000000000000000, 0x4000000000000000]> : tensor<5xui64>
  %c = stablehlo.constant dense<[(1.0, 5.0), (3.0, -1.0)]> : tensor<2xcomplex<f32>>
  %d = stablehlo.constant dense<[(1.0, 6.0), (2.0, 9.0)]> : tensor<2xcomplex<f32>>
  %m2 = stablehlo.maximum %c, %d : tensor<2xcomplex<f32>>
  check.expect_eq_const %m2, dense<[(1.0, 6.0), (3.0, -1.0)]> : tensor<2xcomplex<f32>>
  %n2 = stablehlo.minimum %c, %d : tensor<2xcomplex<f32>>
  check.expect_eq_const %n2, dense<[(1.0, 5.0), (2.0, 9.0)]> : tensor<2xcomplex<f32>>
  func.return
}

// -----

// EQ: both parts IEEE-equal; NE = not EQ; ordering lexicographic on (re, im)
// (SPEC 4.25 recommendation, section 8 item 8).
func.func @compare() {
  %a = stablehlo.constant dense<[(1.0, 2.0), (0x7FC00000, 0.0), (0.0, 0.0), (1.0, 2.0), (1.0, 5.0), (2.0, 0.0)]> : tensor<6xcomplex<f32>>
  %b = stablehlo.constant dense<[(1.0, 2.0), (0x7FC00000, 0.0), (-0.0, -0.0), (1.0, 3.0), (2.0, 0.0), (1.0, 5.0)]> : tensor<6xcomplex<f32>>
  %eq = stablehlo.compare EQ, %a, %b, FLOAT : (tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>) -> tensor<6xi1>
  check.expect_eq_const %eq, dense<[true, false, true, false, false, false]> : tensor<6xi1>
  %ne = stablehlo.compare NE, %a, %b, FLOAT : (tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>) -> tensor<6xi1>
  check.expect_eq_const %ne, dense<[false, true, false, true, true, true]> : tensor<6xi1>
  %lt = stablehlo.compare LT, %a, %b, FLOAT : (tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>) -> tensor<6xi1>
  check.expect_eq_const %lt, dense<[false, false, false, true, true, false]> : tensor<6xi1>
  %le = stablehlo.compare LE, %a, %b, FLOAT : (tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>) -> tensor<6xi1>
  check.expect_eq_const %le, dense<[true, false, true, true, true, false]> : tensor<6xi1>
  %gt = stablehlo.compare GT, %a, %b, FLOAT : (tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>) -> tensor<6xi1>
  check.expect_eq_const %gt, dense<[false, false, false, false, false, true]> : tensor<6xi1>
  %ge = stablehlo.compare GE, %a, %b, FLOAT : (tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>) -> tensor<6xi1>
  check.expect_eq_const %ge, dense<[true, false, true, false, false, true]> : tensor<6xi1>
  %c = stablehlo.constant dense<[(1.0, 2.0), (0x7FF8000000000000, 1.0)]> : tensor<2xcomplex<f64>>
  %d = stablehlo.constant dense<[(1.0, 2.0), (0x7FF8000000000000, 1.0)]> : tensor<2xcomplex<f64>>
  %e2 = stablehlo.compare EQ, %c, %d : (tensor<2xcomplex<f64>>, tensor<2xcomplex<f64>>) -> tensor<2xi1>
  check.expect_eq_const %e2, dense<[true, false]> : tensor<2xi1>
  %l2 = stablehlo.compare LT, %c, %d : (tensor<2xcomplex<f64>>, tensor<2xcomplex<f64>>) -> tensor<2xi1>
  check.expect_eq_const %l2, dense<false> : tensor<2xi1>
  func.return
}

// -----

// Class B (C99 complex functions in binary64, each part rounded) at points
// with exact answers.
func.func @math_exact_points() {
  %z = stablehlo.constant dense<[(0.0, 0.0)]> : tensor<1xcomplex<f32>>
  %one = stablehlo.constant dense<[(1.0, 0.0)]> : tensor<1xcomplex<f32>>
  %e = stablehlo.exponential %z : tensor<1xcomplex<f32>>
  check.expect_eq_const %e, dense<[(1.0, 0.0)]> : tensor<1xcomplex<f32>>
  %l = stablehlo.log %one : tensor<1xcomplex<f32>>
  check.expect_eq_const %l, dense<[(0.0, 0.0)]> : tensor<1xcomplex<f32>>
  %s = stablehlo.sine %z : tensor<1xcomplex<f32>>
  check.expect_eq_const %s, dense<[(0.0, 0.0)]> : tensor<1xcomplex<f32>>
  %c = stablehlo.cosine %z : tensor<1xcomplex<f32>>
  check.expect_eq_const %c, dense<[(1.0, 0.0)]> : tensor<1xcomplex<f32>>
  %t = stablehlo.tanh %z : tensor<1xcomplex<f32>>
  check.expect_eq_const %t, dense<[(0.0, 0.0)]> : tensor<1xcomplex<f32>>
  // logistic(0) = 1 / (1 + exp(-0)) = 1 / 2
  %g = stablehlo.logistic %z : tensor<1xcomplex<f32>>
  check.expect_eq_const %g, dense<[(0.5, 0.0)]> : tensor<1xcomplex<f32>>
  %a = stablehlo.constant dense<[(-4.0, 0.0), (3.0, 4.0), (0.0, 2.0)]> : tensor<3xcomplex<f64>>
  %q = stablehlo.sqrt %a : tensor<3xcomplex<f64>>
  check.expect_eq_const %q, dense<[(0.0, 2.0), (2.0, 1.0), (1.0, 1.0)]> : tensor<3xcomplex<f64>>
  // rsqrt = 1 / csqrt: 1/(0+2i) = -0.5i, 1/(2+i) = 0.4 - 0.2i, 1/(1+i) = 0.5 - 0.5i
  %r = stablehlo.rsqrt %a : tensor<3xcomplex<f64>>
  check.expect_eq_const %r, dense<[(0.0, -0.5), (0.4, -0.2), (0.5, -0.5)]> : tensor<3xcomplex<f64>>
  // log(-1) = (0, pi); exp(i pi) = (-1, 1.2246467991473532e-16)
  %m = stablehlo.constant dense<[(-1.0, 0.0)]> : tensor<1xcomplex<f64>>
  %lm = stablehlo.log %m : tensor<1xcomplex<f64>>
  check.expect_eq_const %lm, dense<[(0.0, 3.141592653589793)]> : tensor<1xcomplex<f64>>
  %ip = stablehlo.exponential %lm : tensor<1xcomplex<f64>>
  check.expect_almost_eq %ip, %m : tensor<1xcomplex<f64>>
  func.return
}

// -----

// dot_general and reduce on complex: every product rounded by SPEC 4.6,
// every sum rounded (REF order).
func.func @dot_general_and_reduce() {
  %a = stablehlo.constant dense<[(1.0, 1.0), (2.0, 0.0), (0.0, -3.0)]> : tensor<3xcomplex<f64>>
  %b = stablehlo.constant dense<[(1.0, -1.0), (0.0, 1.0), (0.0, 1.0)]> : tensor<3xcomplex<f64>>
  // (1+i)(1-i) = 2, 2 * i = 2i, (-3i)(i) = 3: sum (5, 2)
  %d = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>) -> tensor<complex<f64>>
  check.expect_eq_const %d, dense<(5.0, 2.0)> : tensor<complex<f64>>
  %x = stablehlo.constant dense<[[(1.0, 2.0), (3.0, 4.0)], [(5.0, 6.0), (0.5, -0.5)]]> : tensor<2x2xcomplex<f32>>
  %z = stablehlo.constant dense<(0.0, 0.0)> : tensor<complex<f32>>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2x2xcomplex<f32>>, tensor<complex<f32>>) -> tensor<2xcomplex<f32>>
  check.expect_eq_const %r, dense<[(4.0, 6.0), (5.5, 5.5)]> : tensor<2xcomplex<f32>>
  %p = stablehlo.constant dense<(1.0, 0.0)> : tensor<complex<f32>>
  %q = stablehlo.reduce(%x init: %p) applies stablehlo.multiply across dimensions = [0, 1] : (tensor<2x2xcomplex<f32>>, tensor<complex<f32>>) -> tensor<complex<f32>>
  // (1+2i)(3+4i) = -5+10i; (-5+10i)(5+6i) = -85+20i; (-85+20i)(0.5-0.5i) = -32.5+52.5i
  check.expect_eq_const %q, dense<(-32.5, 52.5)> : tensor<complex<f32>>
  func.return
}
