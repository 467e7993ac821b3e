// RUN: ir-run --interpret -split-input-file %s

func.func @subtract_int() {
  %a = stablehlo.constant dense<[-8, 0, 3]> : tensor<3xi4>
  %b = stablehlo.constant dense<[1, 1, -5]> : tensor<3xi4>
  %r = stablehlo.subtract %a, %b : tensor<3xi4>
  check.expect_eq_const %r, dense<[7, -1, -8]> : tensor<3xi4>
  %c = stablehlo.constant dense<[0, 5]> : tensor<2xui8>
  %d = stablehlo.constant dense<[1, 3]> : tensor<2xui8>
  %s = stablehlo.subtract %c, %d : tensor<2xui8>
  check.expect_eq_const %s, dense<[255, 2]> : tensor<2xui8>
  %e = stablehlo.constant dense<[0, 1]> : tensor<2xui2>
  %f = stablehlo.constant dense<[1, 3]> : tensor<2xui2>
  %t = stablehlo.subtract %e, %f : tensor<2xui2>
  check.expect_eq_const %t, dense<[3, 2]> : tensor<2xui2>
  %g = stablehlo.constant dense<-9223372036854775808> : tensor<i64>
  %h = stablehlo.constant dense<1> : tensor<i64>
  %u = stablehlo.subtract %g, %h : tensor<i64>
  check.expect_eq_const %u, dense<9223372036854775807> : tensor<i64>
  func.return
}

// -----

// the right operand's NaN keeps its own sign (subtraction does not flip it)
func.func @subtract_f32_nan() {
  %a = stablehlo.constant dense<[0x3F800000, 0x3F800000, 0x7F800000]> : tensor<3xf32>
  %b = stablehlo.constant dense<[0xFFC00002, 0x3F800000, 0x7F800000]> : tensor<3xf32>
  %r = stablehlo.subtract %a, %b : tensor<3xf32>
  %bits = stablehlo.bitcast_convert %r : (tensor<3xf32>) -> tensor<3xui32>
  check.expect_eq_const %bits, dense<[0xFFC00002, 0x00000000, 0x7FC00000]> : tensor<3xui32>
  func.return
}

// -----

func.func @subtract_complex() {
  %a = stablehlo.constant dense<(1.0, 2.0)> : tensor<complex<f64>>
  %b = stablehlo.constant dense<(0.5, 4.0)> : tensor<complex<f64>>
  %r = stablehlo.subtract %a, %b : tensor<complex<f64>>
  check.expect_eq_const %r, dense<(0.5, -2.0)> : tensor<complex<f64>>
  func.return
}
