// RUN: ir-run --interpret -split-input-file %s

// integers wrap: a 20-long iota of i4 is 0..7, -8..-1, 0..3
func.func @iota_i4_wrap() {
  %r = stablehlo.iota dim = 0 : tensor<20xi4>
  check.expect_eq_const %r, dense<[0, 1, 2, 3, 4, 5, 6, 7, -8, -7, -6, -5, -4, -3, -2, -1, 0, 1, 2, 3]> : tensor<20xi4>
  func.return
}

// -----

// floats round: f8E4M3FN 17 -> 16 (tie to even), 19 -> 20
func.func @iota_f8_rounding() {
  %r = stablehlo.iota dim = 0 : tensor<20xf8E4M3FN>
  check.expect_eq_const %r, dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 16.0, 18.0, 20.0]> : tensor<20xf8E4M3FN>
  func.return
}

// -----

func.func @iota_dims() {
  %r = stablehlo.iota dim = 1 : tensor<2x3xui8>
  check.expect_eq_const %r, dense<[[0, 1, 2], [0, 1, 2]]> : tensor<2x3xui8>
  %s = stablehlo.iota dim = 0 : tensor<2x3xf32>
  check.expect_eq_const %s, dense<[[0.0, 0.0, 0.0], [1.0, 1.0, 1.0]]> : tensor<2x3xf32>
  %t = stablehlo.iota dim = 0 : tensor<3xcomplex<f64>>
  check.expect_eq_const %t, dense<[(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)]> : tensor<3xcomplex<f64>>
  %u = stablehlo.iota dim = 0 : tensor<0xbf16>
  check.expect_eq_const %u, dense<> : tensor<0xbf16>
  %v = stablehlo.iota dim = 0 : tensor<4xf4E2M1FN>
  check.expect_eq_const %v, dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf4E2M1FN>
  func.return
}

// -----

// f8E4M3: 248 and above overflow to Inf (0x78)
func.func @iota_overflow() {
  %r = stablehlo.iota dim = 0 : tensor<250xf8E4M3>
  %s = stablehlo.slice %r [239:250] : (tensor<250xf8E4M3>) -> tensor<11xf8E4M3>
  %b = stablehlo.bitcast_convert %s : (tensor<11xf8E4M3>) -> tensor<11xui8>
  check.expect_eq_const %b, dense<[0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x78, 0x78]> : tensor<11xui8>
  func.return
}
