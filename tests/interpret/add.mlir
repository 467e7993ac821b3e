// RUN: ir-run --interpret -split-input-file %s
// add: i1 is OR, integers wrap mod 2^N, floats round once (NaN rules of
// SPEC.md 3.7, pinned with bitcast_convert), complex part-wise. The small
// float formats are covered exhaustively-ish by arith_add_small.mlir.

func.func @add_i1() {
  %a = stablehlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %b = stablehlo.constant dense<[false, true, false, true]> : tensor<4xi1>
  %r = stablehlo.add %a, %b : tensor<4xi1>
  check.expect_eq_const %r, dense<[false, true, true, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @add_i2_i4_wrap() {
  %a = stablehlo.constant dense<[1, -2, 1, -1]> : tensor<4xi2>
  %b = stablehlo.constant dense<[1, -1, 0, -1]> : tensor<4xi2>
  %r = stablehlo.add %a, %b : tensor<4xi2>
  check.expect_eq_const %r, dense<[-2, 1, 1, -2]> : tensor<4xi2>
  %c = stablehlo.constant dense<[7, -8, 5]> : tensor<3xi4>
  %d = stablehlo.constant dense<[1, -1, 5]> : tensor<3xi4>
  %s = stablehlo.add %c, %d : tensor<3xi4>
  check.expect_eq_const %s, dense<[-8, 7, -6]> : tensor<3xi4>
  func.return
}

// -----

func.func @add_unsigned_wrap() {
  %a = stablehlo.constant dense<[3, 2]> : tensor<2xui2>
  %b = stablehlo.constant dense<[1, 3]> : tensor<2xui2>
  %r = stablehlo.add %a, %b : tensor<2xui2>
  check.expect_eq_const %r, dense<[0, 1]> : tensor<2xui2>
  %c = stablehlo.constant dense<[15, 8]> : tensor<2xui4>
  %d = stablehlo.constant dense<[1, 9]> : tensor<2xui4>
  %s = stablehlo.add %c, %d : tensor<2xui4>
  check.expect_eq_const %s, dense<[0, 1]> : tensor<2xui4>
  %e = stablehlo.constant dense<[255, 7]> : tensor<2xui8>
  %f = stablehlo.constant dense<[1, 1]> : tensor<2xui8>
  %t = stablehlo.add %e, %f : tensor<2xui8>
  check.expect_eq_const %t, dense<[0, 8]> : tensor<2xui8>
  %g = stablehlo.constant dense<65535> : tensor<ui16>
  %h = stablehlo.constant dense<2> : tensor<ui16>
  %u = stablehlo.add %g, %h : tensor<ui16>
  check.expect_eq_const %u, dense<1> : tensor<ui16>
  %i = stablehlo.constant dense<4294967295> : tensor<ui32>
  %v = stablehlo.add %i, %i : tensor<ui32>
  check.expect_eq_const %v, dense<4294967294> : tensor<ui32>
  %j = stablehlo.constant dense<18446744073709551615> : tensor<ui64>
  %k = stablehlo.constant dense<1> : tensor<ui64>
  %w = stablehlo.add %j, %k : tensor<ui64>
  check.expect_eq_const %w, dense<0> : tensor<ui64>
  func.return
}

// -----

func.func @add_signed_wrap() {
  %a = stablehlo.constant dense<[127, -128]> : tensor<2xi8>
  %b = stablehlo.constant dense<[1, -1]> : tensor<2xi8>
  %r = stablehlo.add %a, %b : tensor<2xi8>
  check.expect_eq_const %r, dense<[-128, 127]> : tensor<2xi8>
  %c = stablehlo.constant dense<32767> : tensor<i16>
  %d = stablehlo.constant dense<1> : tensor<i16>
  %s = stablehlo.add %c, %d : tensor<i16>
  check.expect_eq_const %s, dense<-32768> : tensor<i16>
  %e = stablehlo.constant dense<2147483647> : tensor<i32>
  %f = stablehlo.constant dense<1> : tensor<i32>
  %t = stablehlo.add %e, %f : tensor<i32>
  check.expect_eq_const %t, dense<-2147483648> : tensor<i32>
  %g = stablehlo.constant dense<9223372036854775807> : tensor<i64>
  %h = stablehlo.constant dense<1> : tensor<i64>
  %u = stablehlo.add %g, %h : tensor<i64>
  check.expect_eq_const %u, dense<-9223372036854775808> : tensor<i64>
  func.return
}

// -----

// SPEC.md A.4: the left NaN wins with its own sign; invalid -> +canonical NaN
func.func @add_f32_nan_and_zero_rules() {
  %a = stablehlo.constant dense<[0x7FC00001, 0xFFC00002, 0x7F800000, 0x80000000, 0x3F800000]> : tensor<5xf32>
  %b = stablehlo.constant dense<[0xFFC00002, 0x7FC00001, 0xFF800000, 0x80000000, 0xBF800000]> : tensor<5xf32>
  %r = stablehlo.add %a, %b : tensor<5xf32>
  %bits = stablehlo.bitcast_convert %r : (tensor<5xf32>) -> tensor<5xui32>
  check.expect_eq_const %bits, dense<[0x7FC00001, 0xFFC00002, 0x7FC00000, 0x80000000, 0x00000000]> : tensor<5xui32>
  func.return
}

// -----

func.func @add_f16_bf16_f64() {
  // 65504 + 16 = 65520 is a tie between 65504 and 65536 and goes to the even
  // 65536, which overflows to Inf
  %a = stablehlo.constant dense<[0x7BFF, 0x3C00, 0x0001]> : tensor<3xf16>
  %b = stablehlo.constant dense<[0x4C00, 0x3C00, 0x8001]> : tensor<3xf16>
  %r = stablehlo.add %a, %b : tensor<3xf16>
  %rb = stablehlo.bitcast_convert %r : (tensor<3xf16>) -> tensor<3xui16>
  check.expect_eq_const %rb, dense<[0x7C00, 0x4000, 0x0000]> : tensor<3xui16>
  %c = stablehlo.constant dense<[0x3F80, 0x7F7F, 0x0001]> : tensor<3xbf16>
  %d = stablehlo.constant dense<[0x3F80, 0x7F7F, 0x0001]> : tensor<3xbf16>
  %s = stablehlo.add %c, %d : tensor<3xbf16>
  %sb = stablehlo.bitcast_convert %s : (tensor<3xbf16>) -> tensor<3xui16>
  check.expect_eq_const %sb, dense<[0x4000, 0x7F80, 0x0002]> : tensor<3xui16>
  %e = stablehlo.constant dense<0.1> : tensor<f64>
  %f = stablehlo.constant dense<0.2> : tensor<f64>
  %t = stablehlo.add %e, %f : tensor<f64>
  %tb = stablehlo.bitcast_convert %t : (tensor<f64>) -> tensor<ui64>
  check.expect_eq_const %tb, dense<0x3FD3333333333334> : tensor<ui64>
  func.return
}

// -----

func.func @add_small_float_examples() {
  // SPEC.md A.4: f8E4M3FN 448 + 448 = NaN 0x7F; FNUZ 240 + 240 = 0x80;
  // f4E2M1FN 6 + 6 saturates to 6
  %a = stablehlo.constant dense<448.0> : tensor<f8E4M3FN>
  %r = stablehlo.add %a, %a : tensor<f8E4M3FN>
  %rb = stablehlo.bitcast_convert %r : (tensor<f8E4M3FN>) -> tensor<ui8>
  check.expect_eq_const %rb, dense<0x7F> : tensor<ui8>
  %b = stablehlo.constant dense<240.0> : tensor<f8E4M3FNUZ>
  %s = stablehlo.add %b, %b : tensor<f8E4M3FNUZ>
  %sb = stablehlo.bitcast_convert %s : (tensor<f8E4M3FNUZ>) -> tensor<ui8>
  check.expect_eq_const %sb, dense<0x80> : tensor<ui8>
  %c = stablehlo.constant dense<6.0> : tensor<f4E2M1FN>
  %t = stablehlo.add %c, %c : tensor<f4E2M1FN>
  check.expect_eq_const %t, dense<6.0> : tensor<f4E2M1FN>
  func.return
}

// -----

func.func @add_complex_and_empty() {
  %a = stablehlo.constant dense<[(0x3FC00000, 0x40200000), (0x7F800000, 0x3F800000)]> : tensor<2xcomplex<f32>>
  %b = stablehlo.constant dense<[(0.5, -2.5), (1.0, 2.0)]> : tensor<2xcomplex<f32>>
  %r = stablehlo.add %a, %b : tensor<2xcomplex<f32>>
  check.expect_eq_const %r, dense<[(0x40000000, 0x00000000), (0x7F800000, 0x40400000)]> : tensor<2xcomplex<f32>>
  %c = stablehlo.constant dense<(1.0, -1.0)> : tensor<complex<f64>>
  %s = stablehlo.add %c, %c : tensor<complex<f64>>
  check.expect_eq_const %s, dense<(2.0, -2.0)> : tensor<complex<f64>>
  %e = stablehlo.constant dense<> : tensor<0x3xf8E5M2>
  %t = stablehlo.add %e, %e : tensor<0x3xf8E5M2>
  check.expect_eq_const %t, dense<> : tensor<0x3xf8E5M2>
  func.return
}
