// RUN: ir-run --interpret -split-input-file %s

func.func @minimum_f32() {
  %a = stablehlo.constant dense<[0x00000000, 0x3F800000, 0xFF800000]> : tensor<3xf32>
  %b = stablehlo.constant dense<[0x80000000, 0xFF800001, 0x3F800000]> : tensor<3xf32>
  %r = stablehlo.minimum %a, %b : tensor<3xf32>
  %bits = stablehlo.bitcast_convert %r : (tensor<3xf32>) -> tensor<3xui32>
  check.expect_eq_const %bits, dense<[0x80000000, 0xFFC00001, 0xFF800000]> : tensor<3xui32>
  func.return
}

// -----

func.func @minimum_int_small_float() {
  %a = stablehlo.constant dense<[-2, 1]> : tensor<2xi2>
  %b = stablehlo.constant dense<[1, 0]> : tensor<2xi2>
  %r = stablehlo.minimum %a, %b : tensor<2xi2>
  check.expect_eq_const %r, dense<[-2, 0]> : tensor<2xi2>
  %c = stablehlo.constant dense<[0x00, 0x80, 0x3C]> : tensor<3xf8E5M2>
  %d = stablehlo.constant dense<[0x80, 0x3C, 0x7D]> : tensor<3xf8E5M2>
  %s = stablehlo.minimum %c, %d : tensor<3xf8E5M2>
  %sb = stablehlo.bitcast_convert %s : (tensor<3xf8E5M2>) -> tensor<3xui8>
  check.expect_eq_const %sb, dense<[0x80, 0x80, 0x7F]> : tensor<3xui8>
  func.return
}
