// sign (SPEC.md 4.24) on every type it accepts: -1/+1 encoded in the
// format, zeros keep their sign (FNUZ has only +0), NaN is the operand
// itself, f8E8M0FNU gives 1.0 or stays NaN; pinned bitwise.

func.func @sign_f4E2M1FN() {
  %x = stablehlo.constant dense<[-2.0, -0.0, 0.0, 3.0]> : tensor<4xf4E2M1FN>
  %s = stablehlo.sign %x : tensor<4xf4E2M1FN>
  %b = stablehlo.bitcast_convert %s : (tensor<4xf4E2M1FN>) -> tensor<4xui4>
  check.expect_eq_const %b, dense<[0xA, 0x8, 0x0, 0x2]> : tensor<4xui4>
  func.return
}

// -----

func.func @sign_f8E3M4() {
  %x = stablehlo.constant dense<[-2.0, -0.0, 0.0, 3.0]> : tensor<4xf8E3M4>
  %s = stablehlo.sign %x : tensor<4xf8E3M4>
  %b = stablehlo.bitcast_convert %s : (tensor<4xf8E3M4>) -> tensor<4xui8>
  check.expect_eq_const %b, dense<[0xB0, 0x80, 0x00, 0x30]> : tensor<4xui8>
  func.return
}

// -----

func.func @sign_f8E4M3() {
  %x = stablehlo.constant dense<[-2.0, -0.0, 0.0, 3.0]> : tensor<4xf8E4M3>
  %s = stablehlo.sign %x : tensor<4xf8E4M3>
  %b = stablehlo.bitcast_convert %s : (tensor<4xf8E4M3>) -> tensor<4xui8>
  check.expect_eq_const %b, dense<[0xB8, 0x80, 0x00, 0x38]> : tensor<4xui8>
  func.return
}

// -----

func.func @sign_f8E4M3FN() {
  %x = stablehlo.constant dense<[-2.0, -0.0, 0.0, 3.0]> : tensor<4xf8E4M3FN>
  %s = stablehlo.sign %x : tensor<4xf8E4M3FN>
  %b = stablehlo.bitcast_convert %s : (tensor<4xf8E4M3FN>) -> tensor<4xui8>
  check.expect_eq_const %b, dense<[0xB8, 0x80, 0x00, 0x38]> : tensor<4xui8>
  func.return
}

// -----

func.func @sign_f8E4M3FNUZ() {
  %x = stablehlo.constant dense<[-2.0, -0.0, 0.0, 3.0]> : tensor<4xf8E4M3FNUZ>
  %s = stablehlo.sign %x : tensor<4xf8E4M3FNUZ>
  %b = stablehlo.bitcast_convert %s : (tensor<4xf8E4M3FNUZ>) -> tensor<4xui8>
  check.expect_eq_const %b, dense<[0xC0, 0x00, 0x00, 0x40]> : tensor<4xui8>
  func.return
}

// -----

func.func @sign_f8E4M3B11FNUZ() {
  %x = stablehlo.constant dense<[-2.0, -0.0, 0.0, 3.0]> : tensor<4xf8E4M3B11FNUZ>
  %s = stablehlo.sign %x : tensor<4xf8E4M3B11FNUZ>
  %b = stablehlo.bitcast_convert %s : (tensor<4xf8E4M3B11FNUZ>) -> tensor<4xui8>
  check.expect_eq_const %b, dense<[0xD8, 0x00, 0x00, 0x58]> : tensor<4xui8>
  func.return
}

// -----

func.func @sign_f8E5M2() {
  %x = stablehlo.constant dense<[-2.0, -0.0, 0.0, 3.0]> : tensor<4xf8E5M2>
  %s = stablehlo.sign %x : tensor<4xf8E5M2>
  %b = stablehlo.bitcast_convert %s : (tensor<4xf8E5M2>) -> tensor<4xui8>
  check.expect_eq_const %b, dense<[0xBC, 0x80, 0x00, 0x3C]> : tensor<4xui8>
  func.return
}

// -----

func.func @sign_f8E5M2FNUZ() {
  %x = stablehlo.constant dense<[-2.0, -0.0, 0.0, 3.0]> : tensor<4xf8E5M2FNUZ>
  %s = stablehlo.sign %x : tensor<4xf8E5M2FNUZ>
  %b = stablehlo.bitcast_convert %s : (tensor<4xf8E5M2FNUZ>) -> tensor<4xui8>
  check.expect_eq_const %b, dense<[0xC0, 0x00, 0x00, 0x40]> : tensor<4xui8>
  func.return
}

// -----

func.func @sign_bf16() {
  %x = stablehlo.constant dense<[-2.0, -0.0, 0.0, 3.0]> : tensor<4xbf16>
  %s = stablehlo.sign %x : tensor<4xbf16>
  %b = stablehlo.bitcast_convert %s : (tensor<4xbf16>) -> tensor<4xui16>
  check.expect_eq_const %b, dense<[0xBF80, 0x8000, 0x0000, 0x3F80]> : tensor<4xui16>
  func.return
}

// -----

func.func @sign_f16() {
  %x = stablehlo.constant dense<[-2.0, -0.0, 0.0, 3.0]> : tensor<4xf16>
  %s = stablehlo.sign %x : tensor<4xf16>
  %b = stablehlo.bitcast_convert %s : (tensor<4xf16>) -> tensor<4xui16>
  check.expect_eq_const %b, dense<[0xBC00, 0x8000, 0x0000, 0x3C00]> : tensor<4xui16>
  func.return
}

// -----

func.func @sign_f32() {
  %x = stablehlo.constant dense<[-2.0, -0.0, 0.0, 3.0]> : tensor<4xf32>
  %s = stablehlo.sign %x : tensor<4xf32>
  %b = stablehlo.bitcast_convert %s : (tensor<4xf32>) -> tensor<4xui32>
  check.expect_eq_const %b, dense<[0xBF800000, 0x80000000, 0x00000000, 0x3F800000]> : tensor<4xui32>
  func.return
}

// -----

func.func @sign_f64() {
  %x = stablehlo.constant dense<[-2.0, -0.0, 0.0, 3.0]> : tensor<4xf64>
  %s = stablehlo.sign %x : tensor<4xf64>
  %b = stablehlo.bitcast_convert %s : (tensor<4xf64>) -> tensor<4xui64>
  check.expect_eq_const %b, dense<[0xBFF0000000000000, 0x8000000000000000, 0x0000000000000000, 0x3FF0000000000000]> : tensor<4xui64>
  func.return
}

// -----

func.func @sign_nan_is_the_operand() {
  %x = stablehlo.constant dense<[0x7F800001, 0xFFC00002, 0xFF800000]> : tensor<3xf32>
  %s = stablehlo.sign %x : tensor<3xf32>
  %b = stablehlo.bitcast_convert %s : (tensor<3xf32>) -> tensor<3xui32>
  check.expect_eq_const %b, dense<[0x7F800001, 0xFFC00002, 0xBF800000]> : tensor<3xui32>
  %y = stablehlo.constant dense<[0x80, 0x7F, 0xFF]> : tensor<3xf8E4M3FNUZ>
  %t = stablehlo.sign %y : tensor<3xf8E4M3FNUZ>
  %c = stablehlo.bitcast_convert %t : (tensor<3xf8E4M3FNUZ>) -> tensor<3xui8>
  check.expect_eq_const %c, dense<[0x80, 0x40, 0xC0]> : tensor<3xui8>
  func.return
}

// -----

func.func @sign_f8E8M0FNU_is_one_or_nan() {
  %x = stablehlo.constant dense<[0x00, 0x7E, 0xFE, 0xFF]> : tensor<4xf8E8M0FNU>
  %s = stablehlo.sign %x : tensor<4xf8E8M0FNU>
  %b = stablehlo.bitcast_convert %s : (tensor<4xf8E8M0FNU>) -> tensor<4xui8>
  check.expect_eq_const %b, dense<[0x7F, 0x7F, 0x7F, 0xFF]> : tensor<4xui8>
  func.return
}

// -----

func.func @sign_f6() {
  %x = stablehlo.constant dense<[-2.0, -0.0, 0.0, 3.0]> : tensor<4xf6E2M3FN>
  %s = stablehlo.sign %x : tensor<4xf6E2M3FN>
  %w = stablehlo.convert %s : (tensor<4xf6E2M3FN>) -> tensor<4xf32>
  %b = stablehlo.bitcast_convert %w : (tensor<4xf32>) -> tensor<4xui32>
  check.expect_eq_const %b, dense<[0xBF800000, 0x80000000, 0x00000000, 0x3F800000]> : tensor<4xui32>
  %y = stablehlo.constant dense<[-2.0, -0.0, 0.0, 3.0]> : tensor<4xf6E3M2FN>
  %t = stablehlo.sign %y : tensor<4xf6E3M2FN>
  %v = stablehlo.convert %t : (tensor<4xf6E3M2FN>) -> tensor<4xf32>
  %c = stablehlo.bitcast_convert %v : (tensor<4xf32>) -> tensor<4xui32>
  check.expect_eq_const %c, dense<[0xBF800000, 0x80000000, 0x00000000, 0x3F800000]> : tensor<4xui32>
  func.return
}

// -----

func.func @sign_i2() {
  %x = stablehlo.constant dense<[-2, -1, 0, 1, 1]> : tensor<5xi2>
  %s = stablehlo.sign %x : tensor<5xi2>
  check.expect_eq_const %s, dense<[-1, -1, 0, 1, 1]> : tensor<5xi2>
  func.return
}

// -----

func.func @sign_i4() {
  %x = stablehlo.constant dense<[-8, -1, 0, 1, 7]> : tensor<5xi4>
  %s = stablehlo.sign %x : tensor<5xi4>
  check.expect_eq_const %s, dense<[-1, -1, 0, 1, 1]> : tensor<5xi4>
  func.return
}

// -----

func.func @sign_i8() {
  %x = stablehlo.constant dense<[-128, -1, 0, 1, 127]> : tensor<5xi8>
  %s = stablehlo.sign %x : tensor<5xi8>
  check.expect_eq_const %s, dense<[-1, -1, 0, 1, 1]> : tensor<5xi8>
  func.return
}

// -----

func.func @sign_i16() {
  %x = stablehlo.constant dense<[-32768, -1, 0, 1, 32767]> : tensor<5xi16>
  %s = stablehlo.sign %x : tensor<5xi16>
  check.expect_eq_const %s, dense<[-1, -1, 0, 1, 1]> : tensor<5xi16>
  func.return
}

// -----

func.func @sign_i32() {
  %x = stablehlo.constant dense<[-2147483648, -1, 0, 1, 2147483647]> : tensor<5xi32>
  %s = stablehlo.sign %x : tensor<5xi32>
  check.expect_eq_const %s, dense<[-1, -1, 0, 1, 1]> : tensor<5xi32>
  func.return
}

// -----

func.func @sign_i64() {
  %x = stablehlo.constant dense<[-9223372036854775808, -1, 0, 1, 9223372036854775807]> : tensor<5xi64>
  %s = stablehlo.sign %x : tensor<5xi64>
  check.expect_eq_const %s, dense<[-1, -1, 0, 1, 1]> : tensor<5xi64>
  func.return
}

// -----

func.func @sign_complex() {
  %x = stablehlo.constant dense<[(3.0, 4.0), (0.0, -0.0), (-2.0, 0.0)]> : tensor<3xcomplex<f64>>
  %s = stablehlo.sign %x : tensor<3xcomplex<f64>>
  check.expect_eq_const %s, dense<[(0.6, 0.8), (0.0, 0.0), (-1.0, 0.0)]> : tensor<3xcomplex<f64>>
  func.return
}

// -----

// complex<f32> (SPEC 4.24): z / (|z|, +0) in binary64 (hypot, then C99
// division), each part rounded to f32; both parts zero -> (+0, +0); a NaN
// part -> (canonical NaN, canonical NaN). |5+12i| = 13 exactly, and 5/13,
// 12/13, 0.6, 0.8 are at least 1e-8 (relative) from an f32 rounding boundary
// (mpmath), far beyond the binary64 error, so the f32 bits are certain.
func.func @sign_complex_f32() {
  %x = stablehlo.constant dense<[(3.0, 4.0), (0.0, -0.0), (-2.0, 0.0), (0.0, -5.0), (5.0, 12.0), (-0.0, 0.0)]> : tensor<6xcomplex<f32>>
  %s = stablehlo.sign %x : tensor<6xcomplex<f32>>
  check.expect_eq_const %s, dense<[(0.6, 0.8), (0.0, 0.0), (-1.0, 0.0), (0.0, -1.0), (0x3EC4EC4F, 0x3F6C4EC5), (0.0, 0.0)]> : tensor<6xcomplex<f32>>
  // NaN parts, and the +0 parts of the zero inputs, pinned bit for bit: pad
  // each element with (0, 0), bitcast the pair to complex<f64>, take the real
  // part: (im bits << 32) | re bits.
  %y = stablehlo.constant dense<[(0xFFC00001, 1.0), (1.0, 0x7F800001), (0.0, -0.0), (-0.0, -0.0)]> : tensor<4xcomplex<f32>>
  %t = stablehlo.sign %y : tensor<4xcomplex<f32>>
  %t1 = stablehlo.reshape %t : (tensor<4xcomplex<f32>>) -> tensor<4x1xcomplex<f32>>
  %z = stablehlo.constant dense<(0.0, 0.0)> : tensor<complex<f32>>
  %t2 = stablehlo.pad %t1, %z, low = [0, 0], high = [0, 1], interior = [0, 0] : (tensor<4x1xcomplex<f32>>, tensor<complex<f32>>) -> tensor<4x2xcomplex<f32>>
  %t3 = stablehlo.bitcast_convert %t2 : (tensor<4x2xcomplex<f32>>) -> tensor<4xcomplex<f64>>
  %t4 = stablehlo.convert %t3 : (tensor<4xcomplex<f64>>) -> tensor<4xf64>
  %t5 = stablehlo.bitcast_convert %t4 : (tensor<4xf64>) -> tensor<4xui64>
  check.expect_eq_const %t5, dense<[0x7FC000007FC00000, 0x7FC000007FC00000, 0x0000000000000000, 0x0000000000000000]> : tensor<4xui64>
  func.return
}
