// RUN: ir-run --interpret -split-input-file %s
// REF accumulation (SPEC.md 4.41, A.6): +0 start, one rounding after every
// multiply and every add, contracting tuples in the listed order.

func.func @dot_f8E4M3_0_to_7() {
  %a = stablehlo.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]> : tensor<8xf8E4M3>
  %r = stablehlo.dot_general %a, %a, contracting_dims = [0] x [0] : (tensor<8xf8E4M3>, tensor<8xf8E4M3>) -> tensor<f8E4M3>
  %b = stablehlo.bitcast_convert %r : (tensor<f8E4M3>) -> tensor<ui8>
  check.expect_eq_const %b, dense<0x71> : tensor<ui8>
  func.return
}

// -----

// twenty ones: 16 + 1 = 17 ties to 16, so the sum stalls at 16 (f32
// accumulation would give 20)
func.func @dot_f8E4M3_stagnation() {
  %a = stablehlo.constant dense<1.0> : tensor<20xf8E4M3>
  %r = stablehlo.dot_general %a, %a, contracting_dims = [0] x [0] : (tensor<20xf8E4M3>, tensor<20xf8E4M3>) -> tensor<f8E4M3>
  check.expect_eq_const %r, dense<16.0> : tensor<f8E4M3>
  %c = stablehlo.constant dense<[15.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]> : tensor<9xf8E4M3>
  %s = stablehlo.dot_general %c, %c, contracting_dims = [0] x [0] : (tensor<9xf8E4M3>, tensor<9xf8E4M3>) -> tensor<f8E4M3>
  check.expect_eq_const %s, dense<224.0> : tensor<f8E4M3>
  %d = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf8E4M3>
  %t = stablehlo.dot_general %d, %d, contracting_dims = [0] x [0] : (tensor<8xf8E4M3>, tensor<8xf8E4M3>) -> tensor<f8E4M3>
  check.expect_eq_const %t, dense<208.0> : tensor<f8E4M3>
  func.return
}

// -----

func.func @dot_batched_int() {
  %a = stablehlo.constant dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]> : tensor<2x2x2xi64>
  %b = stablehlo.constant dense<[[[1, 0], [0, 1]], [[1, 0], [0, 1]]]> : tensor<2x2x2xi64>
  %r = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x2x2xi64>, tensor<2x2x2xi64>) -> tensor<2x2x2xi64>
  check.expect_eq_const %r, dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]> : tensor<2x2x2xi64>
  func.return
}

// -----

// int8 products wrap in the result type; i1 is AND then OR
func.func @dot_wrap_and_bool() {
  %a = stablehlo.constant dense<[100, 100]> : tensor<2xi8>
  %r = stablehlo.dot_general %a, %a, contracting_dims = [0] x [0] : (tensor<2xi8>, tensor<2xi8>) -> tensor<i8>
  check.expect_eq_const %r, dense<32> : tensor<i8>
  %p = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
  %q = stablehlo.constant dense<[false, true, true]> : tensor<3xi1>
  %s = stablehlo.dot_general %p, %q, contracting_dims = [0] x [0] : (tensor<3xi1>, tensor<3xi1>) -> tensor<i1>
  check.expect_eq_const %s, dense<true> : tensor<i1>
  func.return
}

// -----

// mixed operand types are converted to the result type first; floats are
// truncated toward zero into an integer result
func.func @dot_mixed_types() {
  %a = stablehlo.constant dense<[1.5, 2.5]> : tensor<2xf32>
  %b = stablehlo.constant dense<[2, 3]> : tensor<2xi32>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<2xf32>, tensor<2xi32>) -> tensor<i32>
  check.expect_eq_const %r, dense<8> : tensor<i32>
  func.return
}

// -----

// a zero-size contracting dimension gives zero (section 8 item 10); with no
// contracting dims a -0 product becomes +0 + -0 = +0
func.func @dot_zero_size_and_outer() {
  %a = stablehlo.constant dense<> : tensor<2x0xf32>
  %b = stablehlo.constant dense<> : tensor<0x3xf32>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x0xf32>, tensor<0x3xf32>) -> tensor<2x3xf32>
  check.expect_eq_const %r, dense<0.0> : tensor<2x3xf32>
  %c = stablehlo.constant dense<[-1.0]> : tensor<1xf32>
  %d = stablehlo.constant dense<[0.0]> : tensor<1xf32>
  %s = stablehlo.dot_general %c, %d, contracting_dims = [] x [] : (tensor<1xf32>, tensor<1xf32>) -> tensor<1x1xf32>
  %sb = stablehlo.bitcast_convert %s : (tensor<1x1xf32>) -> tensor<1x1xui32>
  check.expect_eq_const %sb, dense<0> : tensor<1x1xui32>
  func.return
}

// -----

// contracting dims listed [1, 0]: lhs dim 0 varies fastest
func.func @dot_contracting_order() {
  %a = stablehlo.constant dense<[[1.0, 2.0], [16.0, -16.0]]> : tensor<2x2xf8E4M3>
  %b = stablehlo.constant dense<1.0> : tensor<2x2xf8E4M3>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1, 0] x [1, 0] : (tensor<2x2xf8E4M3>, tensor<2x2xf8E4M3>) -> tensor<f8E4M3>
  // order 1, 16, 2, -16: 1 + 16 = 17 -> 16; 16 + 2 = 18; 18 - 16 = 2
  // (row-major order would give 1, 2, 16, -16 -> 3, 19 -> 20, 4)
  check.expect_eq_const %r, dense<2.0> : tensor<f8E4M3>
  func.return
}

// -----

func.func @dot_legacy_and_complex() {
  %a = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>
  %v = stablehlo.constant dense<[1.0, 1.0]> : tensor<2xf64>
  %r = stablehlo.dot %a, %v : (tensor<2x2xf64>, tensor<2xf64>) -> tensor<2xf64>
  check.expect_eq_const %r, dense<[3.0, 7.0]> : tensor<2xf64>
  %c = stablehlo.constant dense<[(1.0, 1.0), (0.0, 2.0)]> : tensor<2xcomplex<f32>>
  %s = stablehlo.dot_general %c, %c, contracting_dims = [0] x [0] : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<complex<f32>>
  check.expect_eq_const %s, dense<(-4.0, 2.0)> : tensor<complex<f32>>
  func.return
}
