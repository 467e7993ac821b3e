// RUN: ir-run --interpret -split-input-file %s
// Class-B math (SPEC.md 4.0): glibc binary64 then one rounding. Cases with
// exact answers pin bits; the rest use expect_close (docs/semantics.md).

func.func @sqrt_rsqrt() {
  %a = stablehlo.constant dense<[0x40800000, 0x80000000, 0x7F800000, 0x40000000]> : tensor<4xf32>
  %r = stablehlo.sqrt %a : tensor<4xf32>
  %rb = stablehlo.bitcast_convert %r : (tensor<4xf32>) -> tensor<4xui32>
  check.expect_eq_const %rb, dense<[0x40000000, 0x80000000, 0x7F800000, 0x3FB504F3]> : tensor<4xui32>
  %b = stablehlo.constant dense<[0x4080, 0x0000, 0x8000, 0x7F80]> : tensor<4xbf16>
  %s = stablehlo.rsqrt %b : tensor<4xbf16>
  %sb = stablehlo.bitcast_convert %s : (tensor<4xbf16>) -> tensor<4xui16>
  check.expect_eq_const %sb, dense<[0x3F00, 0x7F80, 0xFF80, 0x0000]> : tensor<4xui16>
  %c = stablehlo.constant dense<[(3.0, 4.0), (-1.0, 0.0)]> : tensor<2xcomplex<f64>>
  %t = stablehlo.sqrt %c : tensor<2xcomplex<f64>>
  check.expect_eq_const %t, dense<[(2.0, 1.0), (0.0, 1.0)]> : tensor<2xcomplex<f64>>
  func.return
}

// -----

// exp(6) = 403.43 -> 416 (0x7D); exp(7) = 1096.6 overflows: NaN in
// f8E4M3FN, Inf in f8E4M3, max in f4E2M1FN
func.func @exponential_overflow() {
  %a = stablehlo.constant dense<[6.0, 7.0, 0.0]> : tensor<3xf8E4M3FN>
  %r = stablehlo.exponential %a : tensor<3xf8E4M3FN>
  %rb = stablehlo.bitcast_convert %r : (tensor<3xf8E4M3FN>) -> tensor<3xui8>
  check.expect_eq_const %rb, dense<[0x7D, 0x7F, 0x38]> : tensor<3xui8>
  %b = stablehlo.constant dense<7.0> : tensor<f8E4M3>
  %s = stablehlo.exponential %b : tensor<f8E4M3>
  %sb = stablehlo.bitcast_convert %s : (tensor<f8E4M3>) -> tensor<ui8>
  check.expect_eq_const %sb, dense<0x78> : tensor<ui8>
  %c = stablehlo.constant dense<[4.0, 0.0]> : tensor<2xf4E2M1FN>
  %t = stablehlo.exponential %c : tensor<2xf4E2M1FN>
  check.expect_eq_const %t, dense<[6.0, 1.0]> : tensor<2xf4E2M1FN>
  func.return
}

// -----

func.func @log_tanh_sin_cos() {
  %a = stablehlo.constant dense<[1.0, 0.0, -0.0]> : tensor<3xf32>
  %l = stablehlo.log %a : tensor<3xf32>
  %lb = stablehlo.bitcast_convert %l : (tensor<3xf32>) -> tensor<3xui32>
  check.expect_eq_const %lb, dense<[0x00000000, 0xFF800000, 0xFF800000]> : tensor<3xui32>
  %t = stablehlo.tanh %a : tensor<3xf32>
  %tb = stablehlo.bitcast_convert %t : (tensor<3xf32>) -> tensor<3xui32>
  check.expect_eq_const %tb, dense<[0x3F42F7D6, 0x00000000, 0x80000000]> : tensor<3xui32>
  %s = stablehlo.sine %a : tensor<3xf32>
  check.expect_almost_eq_const %s, dense<[0.841470957, 0.0, -0.0]> : tensor<3xf32>
  %e = stablehlo.constant dense<[0.841470957, 0.0, -0.0]> : tensor<3xf32>
  check.expect_close %s, %e, max_ulp_difference = 1 : tensor<3xf32>, tensor<3xf32>
  %c = stablehlo.cosine %a : tensor<3xf32>
  check.expect_almost_eq_const %c, dense<[0.540302277, 1.0, 1.0]> : tensor<3xf32>, tolerance = 1.0e-6
  func.return
}

// -----

// logistic = 1 / (1 + exp(-x)), rounded after each of the three steps
func.func @logistic() {
  %a = stablehlo.constant dense<[0.0, 0x7F800000, 0xFF800000]> : tensor<3xf32>
  %r = stablehlo.logistic %a : tensor<3xf32>
  %rb = stablehlo.bitcast_convert %r : (tensor<3xf32>) -> tensor<3xui32>
  check.expect_eq_const %rb, dense<[0x3F000000, 0x3F800000, 0x00000000]> : tensor<3xui32>
  %b = stablehlo.constant dense<[0.0, 4.0]> : tensor<2xf8E4M3>
  %s = stablehlo.logistic %b : tensor<2xf8E4M3>
  // exp(-4) = 0.0183 -> 0x1B (0.01855); 1 + that = 1.0185 -> 1.0; 1/1 = 1
  check.expect_eq_const %s, dense<[0.5, 1.0]> : tensor<2xf8E4M3>
  func.return
}

// -----

// complex<f64> sine, cosine, tanh, logistic (SPEC 4.15-4.19: csin, ccos,
// ctanh in binary64; logistic = 1 / (1 + cexp(-z)) with part-wise add and C99
// complex division). Points with an exact answer are checked with
// expect_eq_const (IEEE equality, so the signs of zero parts are not pinned).
// The others are checked against values computed with mpmath at 200 bits
// (not libm), rounded to binary64: sin(x+iy) = (sin x cosh y, cos x sinh y),
// cos(x+iy) = (cos x cosh y, -sin x sinh y). glibc's binary64 complex
// functions are within a few ULP (below 1e-15 for parts of magnitude < 2), so
// the absolute tolerance 1e-13 leaves a margin of about 100 while any wrong
// formula, swapped or negated part is off by more than 1e-2.
func.func @complex_f64_sine_cosine_tanh_logistic() {
  %z = stablehlo.constant dense<[(0.0, 0.0), (1.0, 1.0), (-2.0, 0.5), (0.0, 1.0)]> : tensor<4xcomplex<f64>>
  %s = stablehlo.sine %z : tensor<4xcomplex<f64>>
  // sin(0) = 0 exactly; sin(i) = (sin 0 cosh 1, cos 0 sinh 1) = (0, sinh 1)
  check.expect_almost_eq_const %s, dense<[(0.0, 0.0), (1.2984575814159773, 0.6349639147847361), (-1.0253473885839877, -0.2168521629207897), (0.0, 1.1752011936438014)]> : tensor<4xcomplex<f64>>, tolerance = 1.0e-13
  %s0 = stablehlo.slice %s [0:1] : (tensor<4xcomplex<f64>>) -> tensor<1xcomplex<f64>>
  check.expect_eq_const %s0, dense<[(0.0, 0.0)]> : tensor<1xcomplex<f64>>
  %c = stablehlo.cosine %z : tensor<4xcomplex<f64>>
  // cos(0) = (1, -0); cos(i) = (cosh 1, -sin 0 sinh 1) = (cosh 1, -0)
  check.expect_almost_eq_const %c, dense<[(1.0, 0.0), (0.833730025131149, -0.9888977057628651), (-0.4692579782290534, 0.473830620416407), (1.5430806348152437, 0.0)]> : tensor<4xcomplex<f64>>, tolerance = 1.0e-13
  %c0 = stablehlo.slice %c [0:1] : (tensor<4xcomplex<f64>>) -> tensor<1xcomplex<f64>>
  check.expect_eq_const %c0, dense<[(1.0, 0.0)]> : tensor<1xcomplex<f64>>
  %t = stablehlo.tanh %z : tensor<4xcomplex<f64>>
  // tanh(i) = i tan(1)
  check.expect_almost_eq_const %t, dense<[(0.0, 0.0), (1.0839233273386946, 0.27175258531951174), (-0.979940849961738, 0.030215987322877575), (0.0, 1.5574077246549023)]> : tensor<4xcomplex<f64>>, tolerance = 1.0e-13
  %t0 = stablehlo.slice %t [0:1] : (tensor<4xcomplex<f64>>) -> tensor<1xcomplex<f64>>
  check.expect_eq_const %t0, dense<[(0.0, 0.0)]> : tensor<1xcomplex<f64>>
  %w = stablehlo.constant dense<[(0.0, 0.0), (1.0, 1.0), (-1.0, 2.0), (1.0, 0.0), (800.0, 0.0), (-800.0, 0.0)]> : tensor<6xcomplex<f64>>
  %g = stablehlo.logistic %w : tensor<6xcomplex<f64>>
  // logistic(0) = 1 / (1 + 1) = 0.5 exactly. logistic(800): cexp(-800 - 0i)
  // underflows to (0, -0), 1 + that = (1, 0), 1 / (1, 0) = (1, 0).
  // logistic(-800): cexp(800 - 0i) overflows to (+Inf, -0) (C99 G.6.3.1:
  // the imaginary zero is kept, no Inf * 0), 1 + that = (+Inf, 0), and C99
  // division of a finite by an infinite value gives (0, 0).
  check.expect_almost_eq_const %g, dense<[(0.5, 0.0), (0.7820415706337492, 0.20194822765801287), (-0.021415364172180543, 0.4034387060815425), (0.7310585786300049, 0.0), (1.0, 0.0), (0.0, 0.0)]> : tensor<6xcomplex<f64>>, tolerance = 1.0e-13
  %g0 = stablehlo.slice %g [0:1] : (tensor<6xcomplex<f64>>) -> tensor<1xcomplex<f64>>
  check.expect_eq_const %g0, dense<[(0.5, 0.0)]> : tensor<1xcomplex<f64>>
  %g4 = stablehlo.slice %g [4:6] : (tensor<6xcomplex<f64>>) -> tensor<2xcomplex<f64>>
  check.expect_eq_const %g4, dense<[(1.0, 0.0), (0.0, 0.0)]> : tensor<2xcomplex<f64>>
  func.return
}

// -----

// complex<f32> sqrt and rsqrt: csqrt (and C99 division for rsqrt) in
// binary64, each part rounded to f32. The exact results below are either
// representable or at least 1e-8 (relative) away from an f32 rounding
// boundary (0.4, 0.2, 3/13, 2/13; checked with mpmath), far more than the
// binary64 error (about 1e-16), so the f32 bits are certain.
func.func @complex_f32_sqrt_rsqrt() {
  %a = stablehlo.constant dense<[(-4.0, 0.0), (3.0, 4.0), (0.0, 2.0), (0.0, 0.0), (5.0, 12.0), (-1.0, 0.0), (4.0, 0.0)]> : tensor<7xcomplex<f32>>
  %q = stablehlo.sqrt %a : tensor<7xcomplex<f32>>
  check.expect_eq_const %q, dense<[(0.0, 2.0), (2.0, 1.0), (1.0, 1.0), (0.0, 0.0), (3.0, 2.0), (0.0, 1.0), (2.0, 0.0)]> : tensor<7xcomplex<f32>>
  // 1/(2i) = -0.5i; 1/(2+i) = (2-i)/5; 1/(1+i) = (1-i)/2; 1/(3+2i) = (3-2i)/13;
  // 1/i = -i; 1/2 = 0.5. (rsqrt(0) = 1/(0+0i) is left out: C99 gives
  // (Inf, Inf * 0) whose NaN sign is the platform's, section 8 item 11.)
  %b = stablehlo.constant dense<[(-4.0, 0.0), (3.0, 4.0), (0.0, 2.0), (5.0, 12.0), (-1.0, 0.0), (4.0, 0.0)]> : tensor<6xcomplex<f32>>
  %r = stablehlo.rsqrt %b : tensor<6xcomplex<f32>>
  check.expect_eq_const %r, dense<[(0.0, -0.5), (0.4, -0.2), (0.5, -0.5), (0x3E6C4EC5, 0xBE1D89D9), (0.0, -1.0), (0.5, 0.0)]> : tensor<6xcomplex<f32>>
  func.return
}

// -----

// f8E8M0FNU logistic (SPEC 4.18: exponential(negate(x)) then add and divide
// in the format): negate gives NaN 0xFF in f8E8M0FNU (section 8 item 6), and
// the NaN propagates through exponential, add and divide, so every operand
// gives 0xFF.
func.func @logistic_f8E8M0FNU() {
  %a = stablehlo.constant dense<[0x00, 0x01, 0x7E, 0x7F, 0x80, 0xFD, 0xFE, 0xFF]> : tensor<8xf8E8M0FNU>
  %r = stablehlo.logistic %a : tensor<8xf8E8M0FNU>
  %rb = stablehlo.bitcast_convert %r : (tensor<8xf8E8M0FNU>) -> tensor<8xui8>
  check.expect_eq_const %rb, dense<0xFF> : tensor<8xui8>
  func.return
}
