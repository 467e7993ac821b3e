// RUN: ir-run --interpret -split-input-file %s
// compare on rank-0 f32/f64 pairs (the one-pair path of kern_compare): IEEE
// semantics, NaN unordered (only NE is true), -0 equal to +0, infinities
// equal to themselves. Expected values from Python's IEEE comparisons of the
// same doubles (this file was written by a short script, not from ir-run).

func.func @scalar_compare_f32() {
  %a0 = stablehlo.constant dense<1.0> : tensor<f32>
  %b0 = stablehlo.constant dense<2.0> : tensor<f32>
  %r0_EQ = stablehlo.compare EQ, %a0, %b0, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r0_EQ, dense<false> : tensor<i1>
  %r0_NE = stablehlo.compare NE, %a0, %b0, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r0_NE, dense<true> : tensor<i1>
  %r0_GE = stablehlo.compare GE, %a0, %b0, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r0_GE, dense<false> : tensor<i1>
  %r0_GT = stablehlo.compare GT, %a0, %b0, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r0_GT, dense<false> : tensor<i1>
  %r0_LE = stablehlo.compare LE, %a0, %b0, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r0_LE, dense<true> : tensor<i1>
  %r0_LT = stablehlo.compare LT, %a0, %b0, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r0_LT, dense<true> : tensor<i1>
  %a1 = stablehlo.constant dense<2.0> : tensor<f32>
  %b1 = stablehlo.constant dense<2.0> : tensor<f32>
  %r1_EQ = stablehlo.compare EQ, %a1, %b1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r1_EQ, dense<true> : tensor<i1>
  %r1_NE = stablehlo.compare NE, %a1, %b1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r1_NE, dense<false> : tensor<i1>
  %r1_GE = stablehlo.compare GE, %a1, %b1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r1_GE, dense<true> : tensor<i1>
  %r1_GT = stablehlo.compare GT, %a1, %b1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r1_GT, dense<false> : tensor<i1>
  %r1_LE = stablehlo.compare LE, %a1, %b1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r1_LE, dense<true> : tensor<i1>
  %r1_LT = stablehlo.compare LT, %a1, %b1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r1_LT, dense<false> : tensor<i1>
  %a2 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
  %b2 = stablehlo.constant dense<1.0> : tensor<f32>
  %r2_EQ = stablehlo.compare EQ, %a2, %b2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r2_EQ, dense<false> : tensor<i1>
  %r2_NE = stablehlo.compare NE, %a2, %b2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r2_NE, dense<true> : tensor<i1>
  %r2_GE = stablehlo.compare GE, %a2, %b2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r2_GE, dense<false> : tensor<i1>
  %r2_GT = stablehlo.compare GT, %a2, %b2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r2_GT, dense<false> : tensor<i1>
  %r2_LE = stablehlo.compare LE, %a2, %b2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r2_LE, dense<false> : tensor<i1>
  %r2_LT = stablehlo.compare LT, %a2, %b2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r2_LT, dense<false> : tensor<i1>
  %a3 = stablehlo.constant dense<-0.0> : tensor<f32>
  %b3 = stablehlo.constant dense<0.0> : tensor<f32>
  %r3_EQ = stablehlo.compare EQ, %a3, %b3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r3_EQ, dense<true> : tensor<i1>
  %r3_NE = stablehlo.compare NE, %a3, %b3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r3_NE, dense<false> : tensor<i1>
  %r3_GE = stablehlo.compare GE, %a3, %b3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r3_GE, dense<true> : tensor<i1>
  %r3_GT = stablehlo.compare GT, %a3, %b3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r3_GT, dense<false> : tensor<i1>
  %r3_LE = stablehlo.compare LE, %a3, %b3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r3_LE, dense<true> : tensor<i1>
  %r3_LT = stablehlo.compare LT, %a3, %b3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r3_LT, dense<false> : tensor<i1>
  %a4 = stablehlo.constant dense<0x7F800000> : tensor<f32>
  %b4 = stablehlo.constant dense<0x7F800000> : tensor<f32>
  %r4_EQ = stablehlo.compare EQ, %a4, %b4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r4_EQ, dense<true> : tensor<i1>
  %r4_NE = stablehlo.compare NE, %a4, %b4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r4_NE, dense<false> : tensor<i1>
  %r4_GE = stablehlo.compare GE, %a4, %b4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r4_GE, dense<true> : tensor<i1>
  %r4_GT = stablehlo.compare GT, %a4, %b4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r4_GT, dense<false> : tensor<i1>
  %r4_LE = stablehlo.compare LE, %a4, %b4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r4_LE, dense<true> : tensor<i1>
  %r4_LT = stablehlo.compare LT, %a4, %b4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r4_LT, dense<false> : tensor<i1>
  func.return
}

// -----

func.func @scalar_compare_f64() {
  %a0 = stablehlo.constant dense<1.0> : tensor<f64>
  %b0 = stablehlo.constant dense<2.0> : tensor<f64>
  %r0_EQ = stablehlo.compare EQ, %a0, %b0, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r0_EQ, dense<false> : tensor<i1>
  %r0_NE = stablehlo.compare NE, %a0, %b0, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r0_NE, dense<true> : tensor<i1>
  %r0_GE = stablehlo.compare GE, %a0, %b0, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r0_GE, dense<false> : tensor<i1>
  %r0_GT = stablehlo.compare GT, %a0, %b0, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r0_GT, dense<false> : tensor<i1>
  %r0_LE = stablehlo.compare LE, %a0, %b0, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r0_LE, dense<true> : tensor<i1>
  %r0_LT = stablehlo.compare LT, %a0, %b0, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r0_LT, dense<true> : tensor<i1>
  %a1 = stablehlo.constant dense<2.0> : tensor<f64>
  %b1 = stablehlo.constant dense<2.0> : tensor<f64>
  %r1_EQ = stablehlo.compare EQ, %a1, %b1, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r1_EQ, dense<true> : tensor<i1>
  %r1_NE = stablehlo.compare NE, %a1, %b1, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r1_NE, dense<false> : tensor<i1>
  %r1_GE = stablehlo.compare GE, %a1, %b1, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r1_GE, dense<true> : tensor<i1>
  %r1_GT = stablehlo.compare GT, %a1, %b1, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r1_GT, dense<false> : tensor<i1>
  %r1_LE = stablehlo.compare LE, %a1, %b1, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r1_LE, dense<true> : tensor<i1>
  %r1_LT = stablehlo.compare LT, %a1, %b1, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r1_LT, dense<false> : tensor<i1>
  %a2 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
  %b2 = stablehlo.constant dense<1.0> : tensor<f64>
  %r2_EQ = stablehlo.compare EQ, %a2, %b2, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r2_EQ, dense<false> : tensor<i1>
  %r2_NE = stablehlo.compare NE, %a2, %b2, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r2_NE, dense<true> : tensor<i1>
  %r2_GE = stablehlo.compare GE, %a2, %b2, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r2_GE, dense<false> : tensor<i1>
  %r2_GT = stablehlo.compare GT, %a2, %b2, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r2_GT, dense<false> : tensor<i1>
  %r2_LE = stablehlo.compare LE, %a2, %b2, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r2_LE, dense<false> : tensor<i1>
  %r2_LT = stablehlo.compare LT, %a2, %b2, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r2_LT, dense<false> : tensor<i1>
  %a3 = stablehlo.constant dense<-0.0> : tensor<f64>
  %b3 = stablehlo.constant dense<0.0> : tensor<f64>
  %r3_EQ = stablehlo.compare EQ, %a3, %b3, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r3_EQ, dense<true> : tensor<i1>
  %r3_NE = stablehlo.compare NE, %a3, %b3, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r3_NE, dense<false> : tensor<i1>
  %r3_GE = stablehlo.compare GE, %a3, %b3, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r3_GE, dense<true> : tensor<i1>
  %r3_GT = stablehlo.compare GT, %a3, %b3, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r3_GT, dense<false> : tensor<i1>
  %r3_LE = stablehlo.compare LE, %a3, %b3, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r3_LE, dense<true> : tensor<i1>
  %r3_LT = stablehlo.compare LT, %a3, %b3, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r3_LT, dense<false> : tensor<i1>
  %a4 = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
  %b4 = stablehlo.constant dense<-1.0> : tensor<f64>
  %r4_EQ = stablehlo.compare EQ, %a4, %b4, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r4_EQ, dense<false> : tensor<i1>
  %r4_NE = stablehlo.compare NE, %a4, %b4, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r4_NE, dense<true> : tensor<i1>
  %r4_GE = stablehlo.compare GE, %a4, %b4, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r4_GE, dense<false> : tensor<i1>
  %r4_GT = stablehlo.compare GT, %a4, %b4, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r4_GT, dense<false> : tensor<i1>
  %r4_LE = stablehlo.compare LE, %a4, %b4, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r4_LE, dense<true> : tensor<i1>
  %r4_LT = stablehlo.compare LT, %a4, %b4, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %r4_LT, dense<true> : tensor<i1>
  func.return
}
