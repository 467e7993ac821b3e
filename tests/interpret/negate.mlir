// RUN: ir-run --interpret -split-input-file %s

func.func @negate_int() {
  %a = stablehlo.constant dense<[-128, 5, 0]> : tensor<3xi8>
  %r = stablehlo.negate %a : tensor<3xi8>
  check.expect_eq_const %r, dense<[-128, -5, 0]> : tensor<3xi8>
  %b = stablehlo.constant dense<[16, 0]> : tensor<2xui8>
  %s = stablehlo.negate %b : tensor<2xui8>
  check.expect_eq_const %s, dense<[240, 0]> : tensor<2xui8>
  %c = stablehlo.constant dense<[-8, 1]> : tensor<2xi4>
  %t = stablehlo.negate %c : tensor<2xi4>
  check.expect_eq_const %t, dense<[-8, -1]> : tensor<2xi4>
  func.return
}

// -----

// the sign bit flips, NaNs included; FNUZ 0x00/0x80 unchanged; E8M0 -> NaN
func.func @negate_float() {
  %a = stablehlo.constant dense<[0xFFC00000, 0x00000000, 0x3F800000]> : tensor<3xf32>
  %r = stablehlo.negate %a : tensor<3xf32>
  %rb = stablehlo.bitcast_convert %r : (tensor<3xf32>) -> tensor<3xui32>
  check.expect_eq_const %rb, dense<[0x7FC00000, 0x80000000, 0xBF800000]> : tensor<3xui32>
  %b = stablehlo.constant dense<[0x00, 0x80, 0x40]> : tensor<3xf8E4M3FNUZ>
  %s = stablehlo.negate %b : tensor<3xf8E4M3FNUZ>
  %sb = stablehlo.bitcast_convert %s : (tensor<3xf8E4M3FNUZ>) -> tensor<3xui8>
  check.expect_eq_const %sb, dense<[0x00, 0x80, 0xC0]> : tensor<3xui8>
  %c = stablehlo.constant dense<[0x7F, 0x00]> : tensor<2xf8E8M0FNU>
  %t = stablehlo.negate %c : tensor<2xf8E8M0FNU>
  %tb = stablehlo.bitcast_convert %t : (tensor<2xf8E8M0FNU>) -> tensor<2xui8>
  check.expect_eq_const %tb, dense<[0xFF, 0xFF]> : tensor<2xui8>
  %d = stablehlo.constant dense<[0x0, 0x7]> : tensor<2xf4E2M1FN>
  %u = stablehlo.negate %d : tensor<2xf4E2M1FN>
  %ub = stablehlo.bitcast_convert %u : (tensor<2xf4E2M1FN>) -> tensor<2xui4>
  check.expect_eq_const %ub, dense<[8, 15]> : tensor<2xui4>
  %e = stablehlo.constant dense<(1.0, -2.0)> : tensor<complex<f64>>
  %v = stablehlo.negate %e : tensor<complex<f64>>
  check.expect_eq_const %v, dense<(-1.0, 2.0)> : tensor<complex<f64>>
  func.return
}
