// RUN: ir-run --interpret -split-input-file %s

func.func @abs_int_float() {
  %a = stablehlo.constant dense<[-128, -5, 7]> : tensor<3xi8>
  %r = stablehlo.abs %a : tensor<3xi8>
  check.expect_eq_const %r, dense<[-128, 5, 7]> : tensor<3xi8>
  %b = stablehlo.constant dense<[0xFFC00000, 0x80000000]> : tensor<2xf32>
  %s = stablehlo.abs %b : tensor<2xf32>
  %sb = stablehlo.bitcast_convert %s : (tensor<2xf32>) -> tensor<2xui32>
  check.expect_eq_const %sb, dense<[0x7FC00000, 0x00000000]> : tensor<2xui32>
  %c = stablehlo.constant dense<[0x80, 0xC0]> : tensor<2xf8E5M2FNUZ>
  %t = stablehlo.abs %c : tensor<2xf8E5M2FNUZ>
  %tb = stablehlo.bitcast_convert %t : (tensor<2xf8E5M2FNUZ>) -> tensor<2xui8>
  check.expect_eq_const %tb, dense<[0x80, 0x40]> : tensor<2xui8>
  func.return
}

// -----

func.func @abs_complex() {
  %a = stablehlo.constant dense<[(3.0, 4.0), (-5.0, 12.0)]> : tensor<2xcomplex<f32>>
  %r = stablehlo.abs %a : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  check.expect_eq_const %r, dense<[5.0, 13.0]> : tensor<2xf32>
  func.return
}
