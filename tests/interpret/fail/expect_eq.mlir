// RUN: ir-run --interpret -split-input-file %s   (must exit 1)
// Every check kind can fail; later chunks and functions still run.
// EXPECT-ERR: error: check.expect_eq failed in function @eq_fails
// EXPECT-ERR: index [1]: expected 3 (0x03), actual 2 (0x02)
// EXPECT-ERR: error: check.expect_eq_const failed in function @nan_never_equal
// EXPECT-ERR: note: a NaN never equals a NaN under REF's IEEE equality
// EXPECT-ERR: error: check.expect_almost_eq failed in function @almost_fails
// EXPECT-ERR: Element values don't match with tolerance 0.000100
// EXPECT-ERR: error: check.expect_almost_eq_const failed in function @almost_const_fails
// EXPECT-ERR: error: check.expect_close failed in function @close_fails
// EXPECT-ERR: Elements values don't match with respect to maximal ULP difference=2 limit:
// EXPECT-ERR: index=[], actual=5.000000e+00, expected=5.011720e+00, ULP difference=3 (actual 0x4500, expected 0x4503)
// EXPECT-ERR: ULP difference == 3 count is 1
// EXPECT-ERR: error: check.expect_eq failed in function @custom_eq_fails
// EXPECT-ERR: error: stablehlo.custom_call(@check.eq) failed in function @check_eq_fails
// EXPECT-ERR: ... and 2 more
// EXPECT-ERR: index [2]: expected 0x7F (0x7F), actual 0x7F (0x7F)

func.func @eq_fails() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi8>
  %b = stablehlo.constant dense<[1, 3]> : tensor<2xi8>
  check.expect_eq %a, %b : tensor<2xi8>
  func.return
}

// -----

// IEEE equality: an expected NaN never passes, even bit-identical
func.func @nan_never_equal() {
  %a = stablehlo.constant dense<[0x38, 0x38, 0x7F]> : tensor<3xf8E4M3FN>
  check.expect_eq_const %a, dense<[0x38, 0x38, 0x7F]> : tensor<3xf8E4M3FN>
  func.return
}

// -----

func.func @almost_fails() {
  %a = stablehlo.constant dense<1.0> : tensor<f32>
  %b = stablehlo.constant dense<1.001> : tensor<f32>
  check.expect_almost_eq %a, %b : tensor<f32>
  func.return
}

// -----

func.func @almost_const_fails() {
  %a = stablehlo.constant dense<5.0> : tensor<f64>
  check.expect_almost_eq_const %a, dense<5.3> : tensor<f64>, tolerance = 0.2
  func.return
}

// -----

func.func @close_fails() {
  %a = stablehlo.constant dense<5.0> : tensor<f16>
  %b = stablehlo.constant dense<5.010> : tensor<f16>
  check.expect_close %a, %b, max_ulp_difference = 2 : tensor<f16>, tensor<f16>
  func.return
}

// -----

func.func @custom_eq_fails() {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<[1.0, 2.5]> : tensor<2xf32>
  stablehlo.custom_call @check.expect_eq(%a, %b) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  func.return
}

// -----

func.func @check_eq_fails() {
  %a = stablehlo.iota dim = 0 : tensor<13xi32>
  %b = stablehlo.constant dense<0> : tensor<13xi32>
  %ok = stablehlo.custom_call @check.eq(%a, %b) : (tensor<13xi32>, tensor<13xi32>) -> tensor<i1>
  check.expect_eq_const %ok, dense<false> : tensor<i1>
  func.return
}
