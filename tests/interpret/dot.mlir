// RUN: ir-run --interpret -split-input-file %s
// stablehlo.dot (SPEC.md 4.42) = dot_general with contracting_dims =
// [rank(a) - 1] x [0], for the four rank pairs; plus dot_general on the
// unsigned types and accumulation in wrapping integers. REF accumulation:
// start at zero in the result type, round (or wrap) after every multiply and
// every add, contracting index in row-major order.

// SPEC 4.41 worked examples: [0..7].[0..7] = 144 (0x71) per step; twenty
// 1.0s stall at 16 (0x58): 16 + 1 = 17 ties to even 16.
func.func @dot_vector_vector_f8E4M3() {
  %a = stablehlo.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]> : tensor<8xf8E4M3>
  %r = stablehlo.dot %a, %a : (tensor<8xf8E4M3>, tensor<8xf8E4M3>) -> tensor<f8E4M3>
  %rb = stablehlo.bitcast_convert %r : (tensor<f8E4M3>) -> tensor<ui8>
  check.expect_eq_const %rb, dense<0x71> : tensor<ui8>
  %o = stablehlo.constant dense<1.0> : tensor<20xf8E4M3>
  %s = stablehlo.dot %o, %o : (tensor<20xf8E4M3>, tensor<20xf8E4M3>) -> tensor<f8E4M3>
  %sb = stablehlo.bitcast_convert %s : (tensor<f8E4M3>) -> tensor<ui8>
  check.expect_eq_const %sb, dense<0x58> : tensor<ui8>
  func.return
}

// -----

// i8 wraps after every step: 100*2 = 200 -> -56, -56 + 100 = 44; second row
// -128*2 = -256 -> 0, 0 + (-1)(1) = -1
func.func @dot_matrix_vector_i8() {
  %a = stablehlo.constant dense<[[100, 100], [-128, -1], [1, 2]]> : tensor<3x2xi8>
  %b = stablehlo.constant dense<[2, 1]> : tensor<2xi8>
  %r = stablehlo.dot %a, %b : (tensor<3x2xi8>, tensor<2xi8>) -> tensor<3xi8>
  check.expect_eq_const %r, dense<[44, -1, 4]> : tensor<3xi8>
  func.return
}

// -----

// [2^63, 1] . [[2, 3], [5, 7]] = [2^64 + 5, 3 * 2^63 + 7] mod 2^64
func.func @dot_vector_matrix_ui64() {
  %a = stablehlo.constant dense<[9223372036854775808, 1]> : tensor<2xui64>
  %b = stablehlo.constant dense<[[2, 3], [5, 7]]> : tensor<2x2xui64>
  %r = stablehlo.dot %a, %b : (tensor<2xui64>, tensor<2x2xui64>) -> tensor<2xui64>
  check.expect_eq_const %r, dense<[5, 9223372036854775815]> : tensor<2xui64>
  func.return
}

// -----

func.func @dot_matrix_matrix_f16_bf16() {
  %a = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf16>
  %b = stablehlo.constant dense<[[5.0, 6.0], [7.0, 8.0]]> : tensor<2x2xf16>
  %r = stablehlo.dot %a, %b : (tensor<2x2xf16>, tensor<2x2xf16>) -> tensor<2x2xf16>
  check.expect_eq_const %r, dense<[[19.0, 22.0], [43.0, 50.0]]> : tensor<2x2xf16>
  // bf16 has 8 significant bits: 256 + 1 = 257 ties to even 256, twice
  %c = stablehlo.constant dense<[[256.0, 1.0, 1.0]]> : tensor<1x3xbf16>
  %d = stablehlo.constant dense<[[1.0], [1.0], [1.0]]> : tensor<3x1xbf16>
  %s = stablehlo.dot %c, %d : (tensor<1x3xbf16>, tensor<3x1xbf16>) -> tensor<1x1xbf16>
  check.expect_eq_const %s, dense<[[256.0]]> : tensor<1x1xbf16>
  func.return
}

// -----

func.func @dot_complex_f32() {
  %a = stablehlo.constant dense<[(1.0, 1.0), (0.0, 1.0)]> : tensor<2xcomplex<f32>>
  %b = stablehlo.constant dense<[(1.0, 0.0), (0.0, 1.0)]> : tensor<2xcomplex<f32>>
  // (1+i)(1) + (i)(i) = (1+i) + (-1) = i
  %r = stablehlo.dot %a, %b : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<complex<f32>>
  check.expect_eq_const %r, dense<(0.0, 1.0)> : tensor<complex<f32>>
  func.return
}

// -----

// ui2: 3*3 = 9 -> 1; 1 + 3*1 = 4 -> 0; 0 + 3*2 = 6 -> 2
// ui32: 4294967295 * 2 + 2 * 3 = 2^33 + 4 -> 4
func.func @dot_general_unsigned_wraps() {
  %a = stablehlo.constant dense<[3, 3, 3]> : tensor<3xui2>
  %b = stablehlo.constant dense<[3, 1, 2]> : tensor<3xui2>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<3xui2>, tensor<3xui2>) -> tensor<ui2>
  check.expect_eq_const %r, dense<2> : tensor<ui2>
  %c = stablehlo.constant dense<[[4294967295, 2]]> : tensor<1x2xui32>
  %d = stablehlo.constant dense<[[2], [3]]> : tensor<2x1xui32>
  %s = stablehlo.dot_general %c, %d, contracting_dims = [1] x [0] : (tensor<1x2xui32>, tensor<2x1xui32>) -> tensor<1x1xui32>
  check.expect_eq_const %s, dense<[[4]]> : tensor<1x1xui32>
  %e = stablehlo.constant dense<[[18446744073709551615, 18446744073709551615], [1, 2]]> : tensor<2x2xui64>
  // batch 0: (2^64 - 1) * 2 * 2 terms = -4 mod 2^64; batch 1: 1 + 4 = 5
  %f = stablehlo.constant dense<[[2, 2], [1, 2]]> : tensor<2x2xui64>
  %t = stablehlo.dot_general %e, %f, batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<2x2xui64>, tensor<2x2xui64>) -> tensor<2xui64>
  check.expect_eq_const %t, dense<[18446744073709551612, 5]> : tensor<2xui64>
  func.return
}

// -----

// complex<f64>, matrix x vector and vector x vector: every product is SPEC
// 4.6's (four rounded products), every sum rounded, starting from (+0, +0).
func.func @dot_complex_f64() {
  %a = stablehlo.constant dense<[[(1.0, 1.0), (2.0, 0.0)], [(0.0, 1.0), (1.0, -1.0)]]> : tensor<2x2xcomplex<f64>>
  %b = stablehlo.constant dense<[(1.0, -1.0), (0.0, 2.0)]> : tensor<2xcomplex<f64>>
  // row 0: (1+i)(1-i) = 2, 2 * 2i = 4i -> (2, 4); row 1: i(1-i) = 1+i,
  // (1-i)(2i) = 2+2i -> (3, 3)
  %r = stablehlo.dot %a, %b : (tensor<2x2xcomplex<f64>>, tensor<2xcomplex<f64>>) -> tensor<2xcomplex<f64>>
  check.expect_eq_const %r, dense<[(2.0, 4.0), (3.0, 3.0)]> : tensor<2xcomplex<f64>>
  // (1e308, 0)(2, 0): the real product 2e308 overflows to Inf on its own
  // rounding; the imaginary part 1e308 * 0 + 0 * 2 = 0. Then + (1, 1)(1, 1) = 2i.
  %c = stablehlo.constant dense<[(1.0e308, 0.0), (1.0, 1.0)]> : tensor<2xcomplex<f64>>
  %d = stablehlo.constant dense<[(2.0, 0.0), (1.0, 1.0)]> : tensor<2xcomplex<f64>>
  %s = stablehlo.dot %c, %d : (tensor<2xcomplex<f64>>, tensor<2xcomplex<f64>>) -> tensor<complex<f64>>
  check.expect_eq_const %s, dense<(0x7FF0000000000000, 2.0)> : tensor<complex<f64>>
  func.return
}
