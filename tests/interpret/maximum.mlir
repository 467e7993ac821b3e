// RUN: ir-run --interpret -split-input-file %s

// IEEE 754-2019 maximum: a NaN operand wins (left first) and is made quiet;
// +0 > -0
func.func @maximum_f32() {
  %a = stablehlo.constant dense<[0x3F800000, 0x00000000, 0x7FC00005, 0x40000000]> : tensor<4xf32>
  %b = stablehlo.constant dense<[0x7F800001, 0x80000000, 0xFFC00006, 0xC0000000]> : tensor<4xf32>
  %r = stablehlo.maximum %a, %b : tensor<4xf32>
  %bits = stablehlo.bitcast_convert %r : (tensor<4xf32>) -> tensor<4xui32>
  check.expect_eq_const %bits, dense<[0x7FC00001, 0x00000000, 0x7FC00005, 0x40000000]> : tensor<4xui32>
  func.return
}

// -----

func.func @maximum_int_bool_complex() {
  %a = stablehlo.constant dense<[-1, 5]> : tensor<2xi8>
  %b = stablehlo.constant dense<[1, -5]> : tensor<2xi8>
  %r = stablehlo.maximum %a, %b : tensor<2xi8>
  check.expect_eq_const %r, dense<[1, 5]> : tensor<2xi8>
  %c = stablehlo.constant dense<[255, 5]> : tensor<2xui8>
  %d = stablehlo.constant dense<[1, 6]> : tensor<2xui8>
  %s = stablehlo.maximum %c, %d : tensor<2xui8>
  check.expect_eq_const %s, dense<[255, 6]> : tensor<2xui8>
  %e = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %f = stablehlo.constant dense<[false, false]> : tensor<2xi1>
  %t = stablehlo.maximum %e, %f : tensor<2xi1>
  check.expect_eq_const %t, dense<[true, false]> : tensor<2xi1>
  // real parts equal (+0 == -0): the larger imaginary part decides
  %g = stablehlo.constant dense<(0.0, 1.5)> : tensor<complex<f32>>
  %h = stablehlo.constant dense<(-0.0, 2.5)> : tensor<complex<f32>>
  %u = stablehlo.maximum %g, %h : tensor<complex<f32>>
  check.expect_eq_const %u, dense<(-0.0, 2.5)> : tensor<complex<f32>>
  // the real part's sign, pinned bitwise (complex bitcasts only to complex)
  %re = stablehlo.convert %u : (tensor<complex<f32>>) -> tensor<f32>
  %ur = stablehlo.bitcast_convert %re : (tensor<f32>) -> tensor<ui32>
  check.expect_eq_const %ur, dense<0x80000000> : tensor<ui32>
  func.return
}
