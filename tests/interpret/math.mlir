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
