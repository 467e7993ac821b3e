// RUN: ir-run --interpret -split-input-file %s
// chlo.is_inf, is_pos_inf, is_neg_inf (x == +-Inf, |x| == +Inf) and
// chlo.conj (real(z), -imag(z)) (docs/chlo.md); expected values by hand.

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
