// RUN: ir-run --interpret -split-input-file %s

func.func @multiply_int_and_bool() {
  %a = stablehlo.constant dense<[true, true, false]> : tensor<3xi1>
  %b = stablehlo.constant dense<[true, false, false]> : tensor<3xi1>
  %r = stablehlo.multiply %a, %b : tensor<3xi1>
  check.expect_eq_const %r, dense<[true, false, false]> : tensor<3xi1>
  %c = stablehlo.constant dense<[15, 3]> : tensor<2xui4>
  %s = stablehlo.multiply %c, %c : tensor<2xui4>
  check.expect_eq_const %s, dense<[1, 9]> : tensor<2xui4>
  %d = stablehlo.constant dense<[-8, 3, -3]> : tensor<3xi4>
  %e = stablehlo.constant dense<[-1, 3, 3]> : tensor<3xi4>
  %t = stablehlo.multiply %d, %e : tensor<3xi4>
  check.expect_eq_const %t, dense<[-8, -7, 7]> : tensor<3xi4>
  %f = stablehlo.constant dense<65536> : tensor<i32>
  %u = stablehlo.multiply %f, %f : tensor<i32>
  check.expect_eq_const %u, dense<0> : tensor<i32>
  func.return
}

// -----

func.func @multiply_f32_nan() {
  %a = stablehlo.constant dense<[0x7F800003, 0x00000000, 0x80000000]> : tensor<3xf32>
  %b = stablehlo.constant dense<[0x3F800000, 0x7F800000, 0x3F800000]> : tensor<3xf32>
  %r = stablehlo.multiply %a, %b : tensor<3xf32>
  %bits = stablehlo.bitcast_convert %r : (tensor<3xf32>) -> tensor<3xui32>
  check.expect_eq_const %bits, dense<[0x7FC00003, 0x7FC00000, 0x80000000]> : tensor<3xui32>
  func.return
}

// -----

// (a+bi)(c+di): four rounded products, a rounded difference and sum
func.func @multiply_complex() {
  %a = stablehlo.constant dense<[(1.0, 2.0), (0.5, 0.0)]> : tensor<2xcomplex<f32>>
  %b = stablehlo.constant dense<[(3.0, 4.0), (2.0, 0.0)]> : tensor<2xcomplex<f32>>
  %r = stablehlo.multiply %a, %b : tensor<2xcomplex<f32>>
  check.expect_eq_const %r, dense<[(-5.0, 10.0), (1.0, 0.0)]> : tensor<2xcomplex<f32>>
  func.return
}
