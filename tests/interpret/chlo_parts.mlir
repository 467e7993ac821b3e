// RUN: ir-run --interpret -split-input-file %s
// chlo.is_inf, is_pos_inf, is_neg_inf (x == +-Inf, |x| == +Inf), chlo.conj
// (real(z), -imag(z)) and chlo.next_after (docs/chlo.md); expected values by
// hand from those definitions.

func.func @is_inf_f32() {
  %x = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0.0, -0.0, 3.4028235e38, -3.4028235e38, 1.0e-45]> : tensor<9xf32>
  %a = chlo.is_inf %x : tensor<9xf32> -> tensor<9xi1>
  %p = chlo.is_pos_inf %x : tensor<9xf32> -> tensor<9xi1>
  %n = "chlo.is_neg_inf"(%x) : (tensor<9xf32>) -> tensor<9xi1>
  check.expect_eq_const %a, dense<[true, true, false, false, false, false, false, false, false]> : tensor<9xi1>
  check.expect_eq_const %p, dense<[true, false, false, false, false, false, false, false, false]> : tensor<9xi1>
  check.expect_eq_const %n, dense<[false, true, false, false, false, false, false, false, false]> : tensor<9xi1>
  func.return
}

// -----

func.func @is_inf_f16_bf16_f64() {
  %h = stablehlo.constant dense<[0x7C00, 0xFC00, 0x7E00, 0x7BFF]> : tensor<4xf16>
  %b = stablehlo.constant dense<[0x7F80, 0xFF80, 0x7FC0, 0x7F7F]> : tensor<4xbf16>
  %d = stablehlo.constant dense<[0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 0x7FEFFFFFFFFFFFFF]> : tensor<4xf64>
  %ha = chlo.is_inf %h : tensor<4xf16> -> tensor<4xi1>
  %bp = chlo.is_pos_inf %b : tensor<4xbf16> -> tensor<4xi1>
  %dn = chlo.is_neg_inf %d : tensor<4xf64> -> tensor<4xi1>
  check.expect_eq_const %ha, dense<[true, true, false, false]> : tensor<4xi1>
  check.expect_eq_const %bp, dense<[true, false, false, false]> : tensor<4xi1>
  check.expect_eq_const %dn, dense<[false, true, false, false]> : tensor<4xi1>
  func.return
}

// -----

func.func @conj() {
  %z = stablehlo.constant dense<[(1.5, 2.0), (-0.0, 0.0), (3.0, -0.0), (0x7F800000, 0xFF800000)]> : tensor<4xcomplex<f32>>
  %c = chlo.conj %z : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %re = stablehlo.real %c : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  %im = stablehlo.imag %c : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  %rb = stablehlo.bitcast_convert %re : (tensor<4xf32>) -> tensor<4xui32>
  %ib = stablehlo.bitcast_convert %im : (tensor<4xf32>) -> tensor<4xui32>
  check.expect_eq_const %rb, dense<[0x3FC00000, 0x80000000, 0x40400000, 0x7F800000]> : tensor<4xui32>
  check.expect_eq_const %ib, dense<[0xC0000000, 0x80000000, 0x00000000, 0x7F800000]> : tensor<4xui32>
  %w = stablehlo.constant dense<[(1.0, -2.5)]> : tensor<1xcomplex<f64>>
  %v = "chlo.conj"(%w) : (tensor<1xcomplex<f64>>) -> tensor<1xcomplex<f64>>
  check.expect_eq_const %v, dense<[(1.0, 2.5)]> : tensor<1xcomplex<f64>>
  func.return
}

// -----

// chlo.next_after (C's nextafter): toward y by one pattern; y where x == y
// (so (0, -0) gives -0); the smallest subnormal signed like y from a zero;
// from an infinity toward 0 the largest finite; NaN if either is NaN.
func.func @next_after_f32() {
  %x = stablehlo.constant dense<[0x3F800000, 0x3F800000, 0x00000000, 0x80000000, 0x00000000, 0x40000000, 0x7F800000, 0xFF7FFFFF, 0x00000001, 0x80000001]> : tensor<10xf32>
  %y = stablehlo.constant dense<[0x40000000, 0x00000000, 0x3F800000, 0xBF800000, 0x80000000, 0x40000000, 0x00000000, 0xFF800000, 0x00000000, 0x3F800000]> : tensor<10xf32>
  %r = chlo.next_after %x, %y : tensor<10xf32>, tensor<10xf32> -> tensor<10xf32>
  %b = stablehlo.bitcast_convert %r : (tensor<10xf32>) -> tensor<10xui32>
  check.expect_eq_const %b, dense<[0x3F800001, 0x3F7FFFFF, 0x00000001, 0x80000001, 0x80000000, 0x40000000, 0x7F7FFFFF, 0xFF800000, 0x00000000, 0x80000000]> : tensor<10xui32>
  %n = stablehlo.constant dense<[0x7FC00000, 0x3F800000]> : tensor<2xf32>
  %m = stablehlo.constant dense<[0x3F800000, 0x7FC00000]> : tensor<2xf32>
  %q = "chlo.next_after"(%n, %m) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %qn = stablehlo.compare NE, %q, %q : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  check.expect_eq_const %qn, dense<true> : tensor<2xi1>
  func.return
}

// -----

func.func @next_after_f16_bf16_f64() {
  %h = stablehlo.constant dense<[0x3C00, 0x3C00, 0x0000]> : tensor<3xf16>
  %hy = stablehlo.constant dense<[0x4000, 0xBC00, 0x8001]> : tensor<3xf16>
  %hr = chlo.next_after %h, %hy : tensor<3xf16>, tensor<3xf16> -> tensor<3xf16>
  %hb = stablehlo.bitcast_convert %hr : (tensor<3xf16>) -> tensor<3xui16>
  check.expect_eq_const %hb, dense<[0x3C01, 0x3BFF, 0x8001]> : tensor<3xui16>
  %b = stablehlo.constant dense<[0x3F80, 0x7F80]> : tensor<2xbf16>
  %by = stablehlo.constant dense<[0x0000, 0x0000]> : tensor<2xbf16>
  %br = chlo.next_after %b, %by : tensor<2xbf16>, tensor<2xbf16> -> tensor<2xbf16>
  %bb = stablehlo.bitcast_convert %br : (tensor<2xbf16>) -> tensor<2xui16>
  check.expect_eq_const %bb, dense<[0x3F7F, 0x7F7F]> : tensor<2xui16>
  %d = stablehlo.constant dense<[0x3FF0000000000000, 0x8000000000000000]> : tensor<2xf64>
  %dy = stablehlo.constant dense<[0x4000000000000000, 0x3FF0000000000000]> : tensor<2xf64>
  %dr = chlo.next_after %d, %dy : tensor<2xf64>, tensor<2xf64> -> tensor<2xf64>
  %db = stablehlo.bitcast_convert %dr : (tensor<2xf64>) -> tensor<2xui64>
  check.expect_eq_const %db, dense<[0x3FF0000000000001, 0x0000000000000001]> : tensor<2xui64>
  func.return
}
