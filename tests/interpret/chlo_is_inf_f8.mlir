// RUN: ir-run --interpret -split-input-file %s
// chlo.is_inf, is_pos_inf, is_neg_inf on f8E5M2, the one FP8 format of
// stablehlo 840c41ceb with infinities (docs/chlo.md). By hand: 0x7C is
// +Inf, 0xFC -Inf, 0x7E a NaN, 0x7B the largest finite (57344), 0x00 +0.
func.func @is_inf_f8E5M2() {
  %x = stablehlo.constant dense<[0x7C, 0xFC, 0x7E, 0x7B, 0x00, 0xFB]> : tensor<6xf8E5M2>
  %a = chlo.is_inf %x : tensor<6xf8E5M2> -> tensor<6xi1>
  %b = chlo.is_pos_inf %x : tensor<6xf8E5M2> -> tensor<6xi1>
  %c = "chlo.is_neg_inf"(%x) : (tensor<6xf8E5M2>) -> tensor<6xi1>
  check.expect_eq_const %a, dense<[true, true, false, false, false, false]> : tensor<6xi1>
  check.expect_eq_const %b, dense<[true, false, false, false, false, false]> : tensor<6xi1>
  check.expect_eq_const %c, dense<[false, true, false, false, false, false]> : tensor<6xi1>
  func.return
}
