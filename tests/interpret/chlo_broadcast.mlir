// RUN: ir-run --interpret -split-input-file %s
// The chlo broadcasting binaries (docs/chlo.md): numpy's broadcasting
// (dimensions aligned at the end, a dimension of 1 stretched) or the lower
// rank operand's broadcast_dimensions, then the StableHLO op. Expected
// values by hand.

func.func @broadcast_add_trailing() {
  %a = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = stablehlo.constant dense<[10.0, 20.0, 30.0]> : tensor<3xf32>
  %r = chlo.broadcast_add %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  check.expect_eq_const %r, dense<[[11.0, 22.0, 33.0], [14.0, 25.0, 36.0]]> : tensor<2x3xf32>
  func.return
}

// -----

func.func @broadcast_dims_and_ones() {
  %a = stablehlo.constant dense<[100, 200]> : tensor<2xi32>
  %b = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %r = chlo.broadcast_subtract %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<2xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %r, dense<[[99, 98, 97], [196, 195, 194]]> : tensor<2x3xi32>
  %c = stablehlo.constant dense<[[1], [2]]> : tensor<2x1xi32>
  %d = stablehlo.constant dense<[[10, 20, 30]]> : tensor<1x3xi32>
  %m = chlo.broadcast_multiply %c, %d : (tensor<2x1xi32>, tensor<1x3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %m, dense<[[10, 20, 30], [20, 40, 60]]> : tensor<2x3xi32>
  %s = stablehlo.constant dense<7> : tensor<i32>
  %q = "chlo.broadcast_maximum"(%s, %b) : (tensor<i32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %q, dense<[[7, 7, 7], [7, 7, 7]]> : tensor<2x3xi32>
  func.return
}

// -----

func.func @broadcast_same_shape_ops() {
  %a = stablehlo.constant dense<[7, -7, 12, 5]> : tensor<4xi32>
  %b = stablehlo.constant dense<[2, 2, 5, 1]> : tensor<4xi32>
  %div = chlo.broadcast_divide %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %rem = chlo.broadcast_remainder %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %min = chlo.broadcast_minimum %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %and = chlo.broadcast_and %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %or = chlo.broadcast_or %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %xor = chlo.broadcast_xor %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %shl = chlo.broadcast_shift_left %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %sra = chlo.broadcast_shift_right_arithmetic %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %srl = chlo.broadcast_shift_right_logical %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %pow = chlo.broadcast_power %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  check.expect_eq_const %div, dense<[3, -3, 2, 5]> : tensor<4xi32>
  check.expect_eq_const %rem, dense<[1, -1, 2, 0]> : tensor<4xi32>
  check.expect_eq_const %min, dense<[2, -7, 5, 1]> : tensor<4xi32>
  check.expect_eq_const %and, dense<[2, 0, 4, 1]> : tensor<4xi32>
  check.expect_eq_const %or, dense<[7, -5, 13, 5]> : tensor<4xi32>
  check.expect_eq_const %xor, dense<[5, -5, 9, 4]> : tensor<4xi32>
  check.expect_eq_const %shl, dense<[28, -28, 384, 10]> : tensor<4xi32>
  check.expect_eq_const %sra, dense<[1, -2, 0, 2]> : tensor<4xi32>
  check.expect_eq_const %srl, dense<[1, 1073741822, 0, 2]> : tensor<4xi32>
  check.expect_eq_const %pow, dense<[49, 49, 248832, 5]> : tensor<4xi32>
  func.return
}

// -----

func.func @broadcast_atan2_f64() {
  %y = stablehlo.constant dense<[[0.0], [-0.0]]> : tensor<2x1xf64>
  %x = stablehlo.constant dense<[1.0, -1.0]> : tensor<2xf64>
  %r = chlo.broadcast_atan2 %y, %x : (tensor<2x1xf64>, tensor<2xf64>) -> tensor<2x2xf64>
  %b = stablehlo.bitcast_convert %r : (tensor<2x2xf64>) -> tensor<2x2xui64>
  check.expect_eq_const %b, dense<[[0x0000000000000000, 0x400921FB54442D18], [0x8000000000000000, 0xC00921FB54442D18]]> : tensor<2x2xui64>
  func.return
}

// -----

func.func @broadcast_compare_complex_next_after() {
  %a = stablehlo.constant dense<[[1.0, 5.0], [3.0, 0x7FC00000]]> : tensor<2x2xf32>
  %b = stablehlo.constant dense<[3.0, 3.0]> : tensor<2xf32>
  %lt = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xi1>
  check.expect_eq_const %lt, dense<[[true, false], [false, false]]> : tensor<2x2xi1>
  %ge = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction GE>, compare_type = #chlo<comparison_type TOTALORDER>} : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xi1>
  check.expect_eq_const %ge, dense<[[false, true], [true, true]]> : tensor<2x2xi1>
  %re = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf64>
  %im = stablehlo.constant dense<[[-1.0], [4.0]]> : tensor<2x1xf64>
  %z = chlo.broadcast_complex %re, %im : (tensor<2xf64>, tensor<2x1xf64>) -> tensor<2x2xcomplex<f64>>
  check.expect_eq_const %z, dense<[[(1.0, -1.0), (2.0, -1.0)], [(1.0, 4.0), (2.0, 4.0)]]> : tensor<2x2xcomplex<f64>>
  %one = stablehlo.constant dense<[0x3F800000]> : tensor<1xf32>
  %to = stablehlo.constant dense<[0x40000000, 0x00000000]> : tensor<2xf32>
  %n = chlo.broadcast_next_after %one, %to : (tensor<1xf32>, tensor<2xf32>) -> tensor<2xf32>
  %nb = stablehlo.bitcast_convert %n : (tensor<2xf32>) -> tensor<2xui32>
  check.expect_eq_const %nb, dense<[0x3F800001, 0x3F7FFFFF]> : tensor<2xui32>
  func.return
}

// -----

func.func @broadcast_select_and_constant() {
  %p = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
  %t = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %f = stablehlo.constant dense<-1> : tensor<i32>
  %r = chlo.broadcast_select %p, %t, %f : (tensor<3xi1>, tensor<2x3xi32>, tensor<i32>) -> tensor<2x3xi32>
  check.expect_eq_const %r, dense<[[1, -1, 3], [4, -1, 6]]> : tensor<2x3xi32>
  %q = stablehlo.constant dense<false> : tensor<i1>
  %s = "chlo.broadcast_select"(%q, %t, %f) : (tensor<i1>, tensor<2x3xi32>, tensor<i32>) -> tensor<2x3xi32>
  check.expect_eq_const %s, dense<-1> : tensor<2x3xi32>
  %c = chlo.constant dense<[1.5, -2.0]> : tensor<2xf32>
  check.expect_eq_const %c, dense<[1.5, -2.0]> : tensor<2xf32>
  %g = "chlo.constant"() {value = dense<7> : tensor<i64>} : () -> tensor<i64>
  check.expect_eq_const %g, dense<7> : tensor<i64>
  func.return
}
