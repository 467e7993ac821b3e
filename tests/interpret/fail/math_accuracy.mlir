// RUN: ir-run --interpret -split-input-file %s   (must exit 1)
// The accuracy checks of random_math_accuracy.mlir (tests/oracle/gen_accuracy.py)
// can fail: exp(1) in f32 is 0x402DF854 (2.71828175, the correctly rounded
// value); an expected value 2 ULP above it fails max_ulp_difference = 1.
// EXPECT-ERR: error: check.expect_close failed in function @exponential_f32_off_by_2
// EXPECT-ERR: Elements values don't match with respect to maximal ULP difference=1 limit:
// EXPECT-ERR: index=[1], actual=2.71828175, expected=2.71828222, ULP difference=2 (actual 0x402DF854, expected 0x402DF856)
// EXPECT-ERR: ULP difference == 0 count is 1
// EXPECT-ERR: ULP difference == 2 count is 1
// EXPECT-ERR: 0 passed, 1 failed

func.func @exponential_f32_off_by_2() {
  %a = stablehlo.constant dense<[0x00000000, 0x3F800000]> : tensor<2xf32>
  %r = stablehlo.exponential %a : tensor<2xf32>
  %e = stablehlo.constant dense<[0x3F800000, 0x402DF856]> : tensor<2xf32>
  check.expect_close %r, %e, max_ulp_difference = 1 : tensor<2xf32>, tensor<2xf32>
  func.return
}
