// RUN: ir-run --interpret -split-input-file %s
// The SPEC corrections of wave 2 (SPEC.md section 8 items 20 and 22, 4.25,
// 3.5); the f6 results are pinned through an exact convert to f32, whose
// sign bit shows -0, expected values taken from SPEC's text, not from ir-run.

// item 20: x rem 0 in the finite-only f4/f6 formats is +0, whatever x's sign
func.func @rem_zero_finite_only() {
  %a = stablehlo.constant dense<[1.0, -1.0, 0.0, -0.0, 6.0, -6.0]> : tensor<6xf4E2M1FN>
  %z = stablehlo.constant dense<[0.0, 0.0, 0.0, -0.0, -0.0, -0.0]> : tensor<6xf4E2M1FN>
  %r = stablehlo.remainder %a, %z : tensor<6xf4E2M1FN>
  %rb = stablehlo.bitcast_convert %r : (tensor<6xf4E2M1FN>) -> tensor<6xui4>
  check.expect_eq_const %rb, dense<0> : tensor<6xui4>
  %b = stablehlo.constant dense<[1.0, -1.0, -7.5, 28.0]> : tensor<4xf6E2M3FN>
  %y = stablehlo.constant dense<[0.0, -0.0, 0.0, -0.0]> : tensor<4xf6E2M3FN>
  %s = stablehlo.remainder %b, %y : tensor<4xf6E2M3FN>
  %sw = stablehlo.convert %s : (tensor<4xf6E2M3FN>) -> tensor<4xf32>
  %sb = stablehlo.bitcast_convert %sw : (tensor<4xf32>) -> tensor<4xui32>
  check.expect_eq_const %sb, dense<0> : tensor<4xui32>
  %c = stablehlo.constant dense<[1.0, -1.0, -28.0]> : tensor<3xf6E3M2FN>
  %x = stablehlo.constant dense<[0.0, -0.0, 0.0]> : tensor<3xf6E3M2FN>
  %t = stablehlo.remainder %c, %x : tensor<3xf6E3M2FN>
  %tw = stablehlo.convert %t : (tensor<3xf6E3M2FN>) -> tensor<3xf32>
  %tb = stablehlo.bitcast_convert %tw : (tensor<3xf32>) -> tensor<3xui32>
  check.expect_eq_const %tb, dense<0> : tensor<3xui32>
  func.return
}

// -----

// item 22: an exactly zero f8E8M0FNU result is 0x00 (2^-127), the nearest
// representable value
func.func @e8m0_zero_results() {
  %e = stablehlo.constant dense<[0.5, 0.25, 1.0, 0x00]> : tensor<4xf8E8M0FNU>
  %f = stablehlo.floor %e : tensor<4xf8E8M0FNU>
  %fb = stablehlo.bitcast_convert %f : (tensor<4xf8E8M0FNU>) -> tensor<4xui8>
  check.expect_eq_const %fb, dense<[0x00, 0x00, 0x7F, 0x00]> : tensor<4xui8>
  %g = stablehlo.constant dense<[4.0, 1.0, 0x00]> : tensor<3xf8E8M0FNU>
  %h = stablehlo.subtract %g, %g : tensor<3xf8E8M0FNU>
  %hb = stablehlo.bitcast_convert %h : (tensor<3xf8E8M0FNU>) -> tensor<3xui8>
  check.expect_eq_const %hb, dense<0x00> : tensor<3xui8>
  func.return
}

// -----

// 4.25: under TOTALORDER the FNUZ NaN (0x80) sorts above every number,
// the largest finite (0x7F, FNUZ has no Inf) included
func.func @fnuz_nan_totalorder() {
  %n = stablehlo.constant dense<[0x80, 0x80, 0x7F, 0x80, 0x00, 0xFF]> : tensor<6xf8E4M3FNUZ>
  %m = stablehlo.constant dense<[0x7F, 0xFF, 0x80, 0x00, 0x80, 0x80]> : tensor<6xf8E4M3FNUZ>
  %c = stablehlo.compare GT, %n, %m, TOTALORDER : (tensor<6xf8E4M3FNUZ>, tensor<6xf8E4M3FNUZ>) -> tensor<6xi1>
  check.expect_eq_const %c, dense<[true, true, false, true, false, false]> : tensor<6xi1>
  %p = stablehlo.constant dense<[0x80, 0x7F]> : tensor<2xf8E5M2FNUZ>
  %q = stablehlo.constant dense<[0x7F, 0x80]> : tensor<2xf8E5M2FNUZ>
  %d = stablehlo.compare GT, %p, %q, TOTALORDER : (tensor<2xf8E5M2FNUZ>, tensor<2xf8E5M2FNUZ>) -> tensor<2xi1>
  check.expect_eq_const %d, dense<[true, false]> : tensor<2xi1>
  func.return
}

// -----

// 3.5: -1000 rounds to -1024 in f8E5M2FNUZ, the pattern 0xE8
func.func @minus_thousand_e5m2fnuz() {
  %k = stablehlo.constant dense<-1000.0> : tensor<f8E5M2FNUZ>
  %kb = stablehlo.bitcast_convert %k : (tensor<f8E5M2FNUZ>) -> tensor<ui8>
  check.expect_eq_const %kb, dense<0xE8> : tensor<ui8>
  %f = stablehlo.constant dense<-1000.0> : tensor<f32>
  %c = stablehlo.convert %f : (tensor<f32>) -> tensor<f8E5M2FNUZ>
  %cb = stablehlo.bitcast_convert %c : (tensor<f8E5M2FNUZ>) -> tensor<ui8>
  check.expect_eq_const %cb, dense<0xE8> : tensor<ui8>
  func.return
}
