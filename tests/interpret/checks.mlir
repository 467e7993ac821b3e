// RUN: ir-run --interpret -split-input-file %s
// The check dialect's passing cases (SPEC.md 5): IEEE equality, absolute
// tolerance, ULP windows, the custom_call forms and check.eq.

func.func @expect_eq_ieee() {
  %a = stablehlo.constant dense<[0.0, 1.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<[-0.0, 1.0]> : tensor<2xf32>
  check.expect_eq %a, %b : tensor<2xf32>
  check.expect_eq_const %a, dense<[-0.0, 1.0]> : tensor<2xf32>
  func.return
}

// -----

func.func @expect_almost_eq() {
  %a = stablehlo.constant dense<[0x3F800000, 0x7FC00000, 0x7F800000]> : tensor<3xf32>
  %b = stablehlo.constant dense<[0x3F8001A3, 0xFFC00001, 0x7F800000]> : tensor<3xf32>
  check.expect_almost_eq %a, %b : tensor<3xf32>
  %c = stablehlo.constant dense<5.0> : tensor<f64>
  check.expect_almost_eq_const %c, dense<5.1> : tensor<f64>, tolerance = 0.2
  check.expect_almost_eq_const %c, dense<5.1> : tensor<f64> {tolerance = 2.000000e-01 : f64}
  func.return
}

// -----

// f16 5.0 vs 5.010 (parsed to 5.01171875) is 3 ULP apart (SPEC.md A.5)
func.func @expect_close() {
  %a = stablehlo.constant dense<5.0> : tensor<f16>
  %b = stablehlo.constant dense<5.010> : tensor<f16>
  check.expect_close %a, %b, max_ulp_difference = 3 : tensor<f16>, tensor<f16>
  check.expect_close %a, %b, max_ulp_difference = 5, min_ulp_difference = 3 : tensor<f16>, tensor<f16>
  %c = stablehlo.constant dense<[0x01, 0x00]> : tensor<2xf8E4M3FN>
  %d = stablehlo.constant dense<[0x81, 0x80]> : tensor<2xf8E4M3FN>
  check.expect_close %c, %d, max_ulp_difference = 2 : tensor<2xf8E4M3FN>, tensor<2xf8E4M3FN>
  func.return
}

// -----

func.func @custom_call_checks() {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<[1.0005, 2.0]> : tensor<2xf32>
  stablehlo.custom_call @check.expect_almost_eq(%a, %b) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  stablehlo.custom_call @check.expect_eq(%a, %a) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  stablehlo.custom_call @check.expect_close(%a, %a) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  %ok = stablehlo.custom_call @check.eq(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<i1>
  check.expect_eq_const %ok, dense<true> : tensor<i1>
  %i = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %ok2 = stablehlo.custom_call @check.eq(%i, %i) : (tensor<2xi32>, tensor<2xi32>) -> tensor<i1>
  check.expect_eq_const %ok2, dense<true> : tensor<i1>
  func.return
}

// -----

func.func private @pair(%x: tensor<2xi8>) -> (tensor<2xi8>, tensor<2xi8>) {
  %y = stablehlo.negate %x : tensor<2xi8>
  func.return %x, %y : tensor<2xi8>, tensor<2xi8>
}

func.func @main() {
  %a = stablehlo.constant dense<[1, -2]> : tensor<2xi8>
  %r:2 = func.call @pair(%a) : (tensor<2xi8>) -> (tensor<2xi8>, tensor<2xi8>)
  check.expect_eq %r#0, %a : tensor<2xi8>
  check.expect_eq_const %r#1, dense<[-1, 2]> : tensor<2xi8>
  func.return
}
