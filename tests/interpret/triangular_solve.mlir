// RUN: ir-run --interpret -split-input-file %s
// stablehlo.triangular_solve (SPEC.md 9.5.5), substitution in REF's order,
// each multiply, subtract and divide rounded in the element type. Expected
// values by hand.

// lower, left: A = [[2, 0, 0], [1, 4, 0], [3, 5, 8]] (the upper triangle is
// garbage that must not be read), B = [[2], [9], [27]]:
// x0 = 2/2 = 1; x1 = (9 - 1*1)/4 = 2; x2 = (27 - 3*1 - 5*2)/8 = 14/8 = 1.75
func.func @lower_left_f32() {
  %a = stablehlo.constant dense<[[2.0, 99.0, 99.0], [1.0, 4.0, 99.0], [3.0, 5.0, 8.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[2.0], [9.0], [27.0]]> : tensor<3x1xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  check.expect_eq_const %x, dense<[[1.0], [2.0], [1.75]]> : tensor<3x1xf32>
  func.return
}

// -----

// the same A read transposed (lower -> upper triangle of M = A^T, solved
// bottom up): M = [[2, 1, 3], [0, 4, 5], [0, 0, 8]], B = [[8], [13], [16]]:
// x2 = 16/8 = 2; x1 = (13 - 5*2)/4 = 0.75; x0 = (8 - 3*2 - 1*0.75)/2 = 0.625
func.func @transpose_left_f64() {
  %a = stablehlo.constant dense<[[2.0, 99.0, 99.0], [1.0, 4.0, 99.0], [3.0, 5.0, 8.0]]> : tensor<3x3xf64>
  %b = stablehlo.constant dense<[[8.0], [13.0], [16.0]]> : tensor<3x1xf64>
  %x = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<3x3xf64>, tensor<3x1xf64>) -> tensor<3x1xf64>
  check.expect_eq_const %x, dense<[[0.625], [0.75], [2.0]]> : tensor<3x1xf64>
  func.return
}

// -----

// right side, upper, unit diagonal (diagonal entries are never read):
// X * M = B with M = [[1, 2], [0, 1]]: row [3, 10]: x0 = 3; x1 = 10 - 3*2 = 4
func.func @upper_right_unit_bf16() {
  %a = stablehlo.constant dense<[[7.0, 2.0], [5.0, 7.0]]> : tensor<2x2xbf16>
  %b = stablehlo.constant dense<[[3.0, 10.0]]> : tensor<1x2xbf16>
  %x = "stablehlo.triangular_solve"(%a, %b) {left_side = false, lower = false, unit_diagonal = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x2xbf16>, tensor<1x2xbf16>) -> tensor<1x2xbf16>
  check.expect_eq_const %x, dense<[[3.0, 4.0]]> : tensor<1x2xbf16>
  func.return
}

// -----

// batched (decision 39: each batch's own diagonal), f8E4M3FN with rounding:
// batch 0: x = 3/2 = 1.5; batch 1: x = 1/3 = 0.333.. -> 0.34375 (0x2B: the
// nearest f8E4M3FN value, spacing 1/32 in [0.25, 0.5): 0.3125 or 0.34375)
func.func @batched_f8() {
  %a = stablehlo.constant dense<[[[2.0]], [[3.0]]]> : tensor<2x1x1xf8E4M3FN>
  %b = stablehlo.constant dense<[[[3.0]], [[1.0]]]> : tensor<2x1x1xf8E4M3FN>
  %x = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x1x1xf8E4M3FN>, tensor<2x1x1xf8E4M3FN>) -> tensor<2x1x1xf8E4M3FN>
  %xb = stablehlo.bitcast_convert %x : (tensor<2x1x1xf8E4M3FN>) -> tensor<2x1x1xui8>
  check.expect_eq_const %xb, dense<[[[0x3C]], [[0x2B]]]> : tensor<2x1x1xui8>
  func.return
}

// -----

// complex ADJOINT: M = conj(A^T) with A = [[(2, 0), 0], [(0, 1), (1, 0)]]
// (lower) -> M = [[2, -i], [0, 1]] upper, solved bottom up: B = [[1], [(1, 1)]]
// x1 = (1, 1)/1 = (1, 1); x0 = (1 - (-i)(1 + i))/2 = (1 - (1 - i))/2 = (0, 1)/2
func.func @adjoint_complex() {
  %a = stablehlo.constant dense<[[(2.0, 0.0), (9.0, 9.0)], [(0.0, 1.0), (1.0, 0.0)]]> : tensor<2x2xcomplex<f32>>
  %b = stablehlo.constant dense<[[(1.0, 0.0)], [(1.0, 1.0)]]> : tensor<2x1xcomplex<f32>>
  %x = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<2x2xcomplex<f32>>, tensor<2x1xcomplex<f32>>) -> tensor<2x1xcomplex<f32>>
  check.expect_eq_const %x, dense<[[(0.0, 0.5)], [(1.0, 1.0)]]> : tensor<2x1xcomplex<f32>>
  func.return
}
