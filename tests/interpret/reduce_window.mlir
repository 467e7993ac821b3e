// RUN: ir-run --interpret -split-input-file %s
// stablehlo.reduce_window (SPEC.md 9.4.6): inputs padded with init (borders
// and base-dilation holes), each window folded in row-major order from init.
// The three bodies below take the three engines: a one-op body (a kernel per
// window position), a lane-safe body (one region run per position on every
// result element), and a body with a non-element-wise op (per element).
// Expected values worked out by hand from SPEC's definition.

// SPEC 9.4.6 example: padded input along dim 0 (low 2, high 1, holes 1):
// [p, p, 1, h, 3, h, 5, p] rows (p = pad, h = hole, both 0); windows of 2
// rows 3 apart, stride 4: rows {0, 3} = 0 + 0, rows {4, 7} = 3 + 0
func.func @spec_example() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
  %z = stablehlo.constant dense<0> : tensor<i64>
  %r = "stablehlo.reduce_window"(%x, %z) ({
  ^bb0(%acc: tensor<i64>, %e: tensor<i64>):
    %s = stablehlo.add %acc, %e : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>, base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 3, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>} : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
  check.expect_eq_const %r, dense<[[0, 0], [3, 4]]> : tensor<2x2xi64>
  func.return
}

// -----

// acc + 2 * e, lane-safe: the same windows give 0 and 2 * 3, 2 * 4
func.func @lane_safe_body() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
  %z = stablehlo.constant dense<0> : tensor<i64>
  %r = "stablehlo.reduce_window"(%x, %z) ({
  ^bb0(%acc: tensor<i64>, %e: tensor<i64>):
    %two = stablehlo.constant dense<2> : tensor<i64>
    %m = stablehlo.multiply %e, %two : tensor<i64>
    %s = stablehlo.add %acc, %m : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>, base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 3, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>} : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
  check.expect_eq_const %r, dense<[[0, 0], [6, 8]]> : tensor<2x2xi64>
  func.return
}

// -----

// defaults (strides, dilations 1, no padding); the body reshapes its
// element (not an IR_F_LANES op), so it runs per element:
// 2x2 windows of [[1, 2], [3, 4], [5, 6]] sum to 10 and 18
func.func @general_body_defaults() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
  %z = stablehlo.constant dense<0> : tensor<i64>
  %r = "stablehlo.reduce_window"(%x, %z) ({
  ^bb0(%acc: tensor<i64>, %e: tensor<i64>):
    %b = stablehlo.broadcast_in_dim %e, dims = [] : (tensor<i64>) -> tensor<i64>
    %s = stablehlo.add %acc, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {window_dimensions = array<i64: 2, 2>} : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x1xi64>
  check.expect_eq_const %r, dense<[[10], [18]]> : tensor<2x1xi64>
  func.return
}

// -----

// f8E4M3FN max pooling 2x2 stride 2 with -inf-like init (-448, the most
// negative finite value: the format has no infinity); window maxima by hand
func.func @maxpool_f8() {
  %x = stablehlo.constant dense<[[1.0, -2.0, 3.0, 0.5], [4.0, 0.25, -1.0, 2.0], [-3.0, -4.0, 448.0, 6.0], [-0.5, -8.0, 7.0, 5.0]]> : tensor<4x4xf8E4M3FN>
  %init = stablehlo.constant dense<-448.0> : tensor<f8E4M3FN>
  %r = "stablehlo.reduce_window"(%x, %init) ({
  ^bb0(%a: tensor<f8E4M3FN>, %b: tensor<f8E4M3FN>):
    %m = stablehlo.maximum %a, %b : tensor<f8E4M3FN>
    stablehlo.return %m : tensor<f8E4M3FN>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf8E4M3FN>, tensor<f8E4M3FN>) -> tensor<2x2xf8E4M3FN>
  check.expect_eq_const %r, dense<[[4.0, 3.0], [-0.5, 448.0]]> : tensor<2x2xf8E4M3FN>
  func.return
}

// -----

// f8E4M3 sums in window order round at every step (spacing 2 above 16):
// windows [16, 0.5, 0.5]: 16.5 -> 16 (tie to even), again 16;
// [0.5, 1, 16]: 0.5, 1.5, then 17.5 -> 18; the third is [16, 0.5, 0.5] -> 16
func.func @f8_sum_order() {
  %x = stablehlo.constant dense<[16.0, 0.5, 0.5, 1.0, 16.0, 0.5, 0.5, 1.0]> : tensor<8xf8E4M3>
  %z = stablehlo.constant dense<0.0> : tensor<f8E4M3>
  %r = "stablehlo.reduce_window"(%x, %z) ({
  ^bb0(%a: tensor<f8E4M3>, %b: tensor<f8E4M3>):
    %s = stablehlo.add %a, %b : tensor<f8E4M3>
    stablehlo.return %s : tensor<f8E4M3>
  }) {window_dimensions = array<i64: 3>, window_strides = array<i64: 2>} : (tensor<8xf8E4M3>, tensor<f8E4M3>) -> tensor<3xf8E4M3>
  check.expect_eq_const %r, dense<[16.0, 18.0, 16.0]> : tensor<3xf8E4M3>
  func.return
}
