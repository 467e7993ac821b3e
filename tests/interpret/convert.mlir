// RUN: ir-run --interpret -split-input-file %s
// SPEC.md 3.6 and A.3; the small formats are exhaustive in convert_small.mlir.

func.func @convert_nan_payloads() {
  %a = stablehlo.constant dense<[0x7FC00001, 0x7F800001, 0x7FFFFFFF]> : tensor<3xf32>
  %r = stablehlo.convert %a : (tensor<3xf32>) -> tensor<3xf16>
  %rb = stablehlo.bitcast_convert %r : (tensor<3xf16>) -> tensor<3xui16>
  check.expect_eq_const %rb, dense<[0x7E00, 0x7E00, 0x7FFF]> : tensor<3xui16>
  %b = stablehlo.constant dense<[0x7D]> : tensor<1xf8E5M2>
  %s = stablehlo.convert %b : (tensor<1xf8E5M2>) -> tensor<1xf32>
  %sb = stablehlo.bitcast_convert %s : (tensor<1xf32>) -> tensor<1xui32>
  check.expect_eq_const %sb, dense<[0x7FE00000]> : tensor<1xui32>
  %c = stablehlo.constant dense<0x80> : tensor<f8E4M3FNUZ>
  %t = stablehlo.convert %c : (tensor<f8E4M3FNUZ>) -> tensor<f8E4M3FN>
  %tb = stablehlo.bitcast_convert %t : (tensor<f8E4M3FN>) -> tensor<ui8>
  check.expect_eq_const %tb, dense<0xFF> : tensor<ui8>
  %d = stablehlo.constant dense<0x7FF0000000000000> : tensor<f64>
  %u = stablehlo.convert %d : (tensor<f64>) -> tensor<f8E4M3FNUZ>
  %ub = stablehlo.bitcast_convert %u : (tensor<f8E4M3FNUZ>) -> tensor<ui8>
  check.expect_eq_const %ub, dense<0x80> : tensor<ui8>
  func.return
}

// -----

func.func @convert_float_to_int() {
  %a = stablehlo.constant dense<[300.0, -300.0, 1.5, -1.5]> : tensor<4xf64>
  %r = stablehlo.convert %a : (tensor<4xf64>) -> tensor<4xi8>
  check.expect_eq_const %r, dense<[127, -128, 1, -1]> : tensor<4xi8>
  %b = stablehlo.constant dense<[0xBFF8000000000000, 0x406FFCCCCCCCCCCD, 0x7FF8000000000000]> : tensor<3xf64>
  %s = stablehlo.convert %b : (tensor<3xf64>) -> tensor<3xui8>
  check.expect_eq_const %s, dense<[0, 255, 0]> : tensor<3xui8>
  %c = stablehlo.constant dense<[8.0, -9.0]> : tensor<2xf32>
  %t = stablehlo.convert %c : (tensor<2xf32>) -> tensor<2xi4>
  check.expect_eq_const %t, dense<[7, -8]> : tensor<2xi4>
  %d = stablehlo.constant dense<1.0e30> : tensor<f32>
  %u = stablehlo.convert %d : (tensor<f32>) -> tensor<ui64>
  check.expect_eq_const %u, dense<18446744073709551615> : tensor<ui64>
  %e = stablehlo.constant dense<[0x00000000, 0x80000000, 0x3F000000, 0x7FC00000]> : tensor<4xf32>
  %v = stablehlo.convert %e : (tensor<4xf32>) -> tensor<4xi1>
  check.expect_eq_const %v, dense<[false, false, true, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @convert_int_to_float_and_int() {
  %a = stablehlo.constant dense<[1000, -1000]> : tensor<2xi64>
  %r = stablehlo.convert %a : (tensor<2xi64>) -> tensor<2xf8E4M3FN>
  %rb = stablehlo.bitcast_convert %r : (tensor<2xf8E4M3FN>) -> tensor<2xui8>
  check.expect_eq_const %rb, dense<[0x7F, 0xFF]> : tensor<2xui8>
  %b = stablehlo.constant dense<16777217> : tensor<i64>
  %s = stablehlo.convert %b : (tensor<i64>) -> tensor<f32>
  %sb = stablehlo.bitcast_convert %s : (tensor<f32>) -> tensor<ui32>
  check.expect_eq_const %sb, dense<0x4B800000> : tensor<ui32>
  %c = stablehlo.constant dense<18446744073709551615> : tensor<ui64>
  %t = stablehlo.convert %c : (tensor<ui64>) -> tensor<f32>
  %tb = stablehlo.bitcast_convert %t : (tensor<f32>) -> tensor<ui32>
  check.expect_eq_const %tb, dense<0x5F800000> : tensor<ui32>
  %d = stablehlo.constant dense<[-1, 100]> : tensor<2xi8>
  %u = stablehlo.convert %d : (tensor<2xi8>) -> tensor<2xui16>
  check.expect_eq_const %u, dense<[65535, 100]> : tensor<2xui16>
  %e = stablehlo.constant dense<[300, -3]> : tensor<2xi64>
  %v = stablehlo.convert %e : (tensor<2xi64>) -> tensor<2xi8>
  check.expect_eq_const %v, dense<[44, -3]> : tensor<2xi8>
  %f = stablehlo.constant dense<[255, 7]> : tensor<2xui8>
  %w = stablehlo.convert %f : (tensor<2xui8>) -> tensor<2xi4>
  check.expect_eq_const %w, dense<[-1, 7]> : tensor<2xi4>
  %g = stablehlo.constant dense<100> : tensor<i32>
  %x = stablehlo.convert %g : (tensor<i32>) -> tensor<f4E2M1FN>
  check.expect_eq_const %x, dense<6.0> : tensor<f4E2M1FN>
  func.return
}

// -----

func.func @convert_complex_and_bool() {
  %a = stablehlo.constant dense<(0.0, 1.0)> : tensor<complex<f32>>
  %r = stablehlo.convert %a : (tensor<complex<f32>>) -> tensor<i1>
  check.expect_eq_const %r, dense<false> : tensor<i1>
  %s = stablehlo.convert %a : (tensor<complex<f32>>) -> tensor<i64>
  check.expect_eq_const %s, dense<0> : tensor<i64>
  %b = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %t = stablehlo.convert %b : (tensor<2xi1>) -> tensor<2xcomplex<f64>>
  check.expect_eq_const %t, dense<[(1.0, 0.0), (0.0, 0.0)]> : tensor<2xcomplex<f64>>
  %c = stablehlo.constant dense<2.5> : tensor<bf16>
  %u = stablehlo.convert %c : (tensor<bf16>) -> tensor<complex<f32>>
  check.expect_eq_const %u, dense<(2.5, 0.0)> : tensor<complex<f32>>
  func.return
}

// -----

// same-type convert is the identity, a signaling NaN included (SPEC.md 3.6,
// measured on REF: f32 0x7F800001 -> 0x7F800001, f8E5M2 0x7D -> 0x7D,
// f16 0x7C01 -> 0x7C01; the same-format column of the convert vectors)
func.func @convert_identity() {
  %a = stablehlo.constant dense<[0x7F800001, 0x3F800000]> : tensor<2xf32>
  %r = stablehlo.convert %a : tensor<2xf32>
  %rb = stablehlo.bitcast_convert %r : (tensor<2xf32>) -> tensor<2xui32>
  check.expect_eq_const %rb, dense<[0x7F800001, 0x3F800000]> : tensor<2xui32>
  %b = stablehlo.constant dense<[0x7D, 0xFD, 0x7E]> : tensor<3xf8E5M2>
  %s = stablehlo.convert %b : tensor<3xf8E5M2>
  %sb = stablehlo.bitcast_convert %s : (tensor<3xf8E5M2>) -> tensor<3xui8>
  check.expect_eq_const %sb, dense<[0x7D, 0xFD, 0x7E]> : tensor<3xui8>
  %c = stablehlo.constant dense<[0x7C01, 0xFC01]> : tensor<2xf16>
  %t = stablehlo.convert %c : tensor<2xf16>
  %tb = stablehlo.bitcast_convert %t : (tensor<2xf16>) -> tensor<2xui16>
  check.expect_eq_const %tb, dense<[0x7C01, 0xFC01]> : tensor<2xui16>
  %d = stablehlo.constant dense<0x7FF0000000000001> : tensor<f64>
  %u = stablehlo.convert %d : tensor<f64>
  %ub = stablehlo.bitcast_convert %u : (tensor<f64>) -> tensor<ui64>
  check.expect_eq_const %ub, dense<0x7FF0000000000001> : tensor<ui64>
  func.return
}
