// RUN: ir-run --interpret -split-input-file %s
// reshape, transpose, broadcast_in_dim, concatenate, slice, reverse, pad
// (SPEC.md 4.33-4.39 examples).

func.func @transpose_reshape() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi4>
  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xi4>) -> tensor<3x2xi4>
  check.expect_eq_const %t, dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi4>
  %r = stablehlo.reshape %x : (tensor<2x3xi4>) -> tensor<3x2xi4>
  check.expect_eq_const %r, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi4>
  func.return
}

// -----

func.func @broadcast_concat_slice_reverse() {
  %x = stablehlo.constant dense<[[1], [2], [3]]> : tensor<3x1xi64>
  %b = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<3x1xi64>) -> tensor<3x2x2xi64>
  check.expect_eq_const %b, dense<[[[1, 1], [1, 1]], [[2, 2], [2, 2]], [[3, 3], [3, 3]]]> : tensor<3x2x2xi64>
  %a = stablehlo.constant dense<[[1.0, 2.0]]> : tensor<1x2xf8E5M2>
  %c = stablehlo.constant dense<[[3.0, 4.0], [5.0, 6.0]]> : tensor<2x2xf8E5M2>
  %k = stablehlo.concatenate %a, %c, dim = 0 : (tensor<1x2xf8E5M2>, tensor<2x2xf8E5M2>) -> tensor<3x2xf8E5M2>
  check.expect_eq_const %k, dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf8E5M2>
  %i = stablehlo.iota dim = 0 : tensor<10xui16>
  %s = stablehlo.slice %i [1:8:3] : (tensor<10xui16>) -> tensor<3xui16>
  check.expect_eq_const %s, dense<[1, 4, 7]> : tensor<3xui16>
  %v = stablehlo.reverse %c, dims = [0, 1] : tensor<2x2xf8E5M2>
  check.expect_eq_const %v, dense<[[6.0, 5.0], [4.0, 3.0]]> : tensor<2x2xf8E5M2>
  %z = stablehlo.constant dense<> : tensor<0x2xcomplex<f32>>
  %zs = stablehlo.reverse %z, dims = [0] : tensor<0x2xcomplex<f32>>
  check.expect_eq_const %zs, dense<> : tensor<0x2xcomplex<f32>>
  func.return
}

// -----

// 5x4 operand, low [1, -1], high [1, -1], interior [0, 1] -> 7x5
func.func @pad_negative_interior() {
  %x = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16], [17, 18, 19, 20]]> : tensor<5x4xi32>
  %v = stablehlo.constant dense<0> : tensor<i32>
  %p = stablehlo.pad %x, %v, low = [1, -1], high = [1, -1], interior = [0, 1] : (tensor<5x4xi32>, tensor<i32>) -> tensor<7x5xi32>
  check.expect_eq_const %p, dense<[[0, 0, 0, 0, 0], [0, 2, 0, 3, 0], [0, 6, 0, 7, 0], [0, 10, 0, 11, 0], [0, 14, 0, 15, 0], [0, 18, 0, 19, 0], [0, 0, 0, 0, 0]]> : tensor<7x5xi32>
  func.return
}

// -----

func.func @compare_select_clamp() {
  %a = stablehlo.constant dense<[0x7FC00000, 0x00000000, 0x80000000]> : tensor<3xf32>
  %b = stablehlo.constant dense<[0x7FC00000, 0x80000000, 0x00000000]> : tensor<3xf32>
  %eq = stablehlo.compare EQ, %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  check.expect_eq_const %eq, dense<[false, true, true]> : tensor<3xi1>
  %lt = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  check.expect_eq_const %lt, dense<[false, false, true]> : tensor<3xi1>
  %u = stablehlo.constant dense<[255, 1]> : tensor<2xui8>
  %w = stablehlo.constant dense<[1, 255]> : tensor<2xui8>
  %gt = stablehlo.compare GT, %u, %w, UNSIGNED : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xi1>
  check.expect_eq_const %gt, dense<[true, false]> : tensor<2xi1>
  %s = stablehlo.select %gt, %u, %w : tensor<2xi1>, tensor<2xui8>
  check.expect_eq_const %s, dense<[255, 255]> : tensor<2xui8>
  %lo = stablehlo.constant dense<2> : tensor<i32>
  %hi = stablehlo.constant dense<1> : tensor<i32>
  %x = stablehlo.constant dense<[0, 5]> : tensor<2xi32>
  %c = stablehlo.clamp %lo, %x, %hi : (tensor<i32>, tensor<2xi32>, tensor<i32>) -> tensor<2xi32>
  check.expect_eq_const %c, dense<[1, 1]> : tensor<2xi32>
  func.return
}

// -----

func.func @bitcast_examples() {
  %a = stablehlo.constant dense<[1, -2]> : tensor<2xi4>
  %r = stablehlo.bitcast_convert %a : (tensor<2xi4>) -> tensor<i8>
  check.expect_eq_const %r, dense<-31> : tensor<i8>
  %b = stablehlo.constant dense<[true, true, true, true, false, false, false, false]> : tensor<8xi1>
  %s = stablehlo.bitcast_convert %b : (tensor<8xi1>) -> tensor<i8>
  check.expect_eq_const %s, dense<15> : tensor<i8>
  %c = stablehlo.constant dense<0x0123456789ABCDEF> : tensor<f64>
  %t = stablehlo.bitcast_convert %c : (tensor<f64>) -> tensor<4xui16>
  check.expect_eq_const %t, dense<[0xCDEF, 0x89AB, 0x4567, 0x0123]> : tensor<4xui16>
  func.return
}
