// RUN: ir-run --interpret -split-input-file %s

// truncation toward zero; x / 0 = all bits set; INT_MIN / -1 = INT_MIN
// (SPEC.md section 8 item 9)
func.func @divide_int() {
  %a = stablehlo.constant dense<[-17, 17, 5, -128, 7]> : tensor<5xi8>
  %b = stablehlo.constant dense<[3, -3, 0, -1, 2]> : tensor<5xi8>
  %r = stablehlo.divide %a, %b : tensor<5xi8>
  check.expect_eq_const %r, dense<[-5, -5, -1, -128, 3]> : tensor<5xi8>
  %c = stablehlo.constant dense<[9, 15]> : tensor<2xui4>
  %d = stablehlo.constant dense<[0, 2]> : tensor<2xui4>
  %s = stablehlo.divide %c, %d : tensor<2xui4>
  check.expect_eq_const %s, dense<[15, 7]> : tensor<2xui4>
  %e = stablehlo.constant dense<[-8, 5]> : tensor<2xi4>
  %f = stablehlo.constant dense<[-1, 0]> : tensor<2xi4>
  %t = stablehlo.divide %e, %f : tensor<2xi4>
  check.expect_eq_const %t, dense<[-8, -1]> : tensor<2xi4>
  %g = stablehlo.constant dense<-2147483648> : tensor<i32>
  %h = stablehlo.constant dense<-1> : tensor<i32>
  %u = stablehlo.divide %g, %h : tensor<i32>
  check.expect_eq_const %u, dense<-2147483648> : tensor<i32>
  %i = stablehlo.constant dense<7> : tensor<ui64>
  %j = stablehlo.constant dense<0> : tensor<ui64>
  %v = stablehlo.divide %i, %j : tensor<ui64>
  check.expect_eq_const %v, dense<18446744073709551615> : tensor<ui64>
  func.return
}

// -----

func.func @divide_float() {
  %a = stablehlo.constant dense<[0x3F800000, 0x00000000, 0xBF800000, 0x40400000]> : tensor<4xf32>
  %b = stablehlo.constant dense<[0x00000000, 0x00000000, 0x00000000, 0x40000000]> : tensor<4xf32>
  %r = stablehlo.divide %a, %b : tensor<4xf32>
  %bits = stablehlo.bitcast_convert %r : (tensor<4xf32>) -> tensor<4xui32>
  check.expect_eq_const %bits, dense<[0x7F800000, 0x7FC00000, 0xFF800000, 0x3FC00000]> : tensor<4xui32>
  // finite-only formats: x / 0 gives +-max, 0 / 0 gives +0 (section 8 item 20)
  %c = stablehlo.constant dense<[0x2, 0xA, 0x0]> : tensor<3xf4E2M1FN>
  %d = stablehlo.constant dense<[0x0, 0x0, 0x0]> : tensor<3xf4E2M1FN>
  %s = stablehlo.divide %c, %d : tensor<3xf4E2M1FN>
  %sb = stablehlo.bitcast_convert %s : (tensor<3xf4E2M1FN>) -> tensor<3xui4>
  check.expect_eq_const %sb, dense<[7, 15, 0]> : tensor<3xui4>
  func.return
}

// -----

// complex division is C99's (binary64, then one rounding per part)
func.func @divide_complex() {
  %a = stablehlo.constant dense<[(1.0, 0.0), (10.0, 5.0)]> : tensor<2xcomplex<f64>>
  %b = stablehlo.constant dense<[(0.0, 1.0), (1.0, 2.0)]> : tensor<2xcomplex<f64>>
  %r = stablehlo.divide %a, %b : tensor<2xcomplex<f64>>
  check.expect_eq_const %r, dense<[(0.0, -1.0), (4.0, -3.0)]> : tensor<2xcomplex<f64>>
  func.return
}
