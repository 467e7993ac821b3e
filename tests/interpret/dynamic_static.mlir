// RUN: ir-run --interpret -split-input-file %s
// The dynamic ops with static types (SPEC.md 9.4.8): their shape operands
// must agree with the declared result (decision 34); real_dynamic_slice runs
// as slice with run-time start/limit/strides (decision 35). Expected values
// by hand from the underlying ops (iota, broadcast_in_dim, reshape, pad,
// slice).

func.func @dynamic_iota() {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %r = stablehlo.dynamic_iota %s, dim = 1 : (tensor<2xi64>) -> tensor<2x3xui8>
  check.expect_eq_const %r, dense<[[0, 1, 2], [0, 1, 2]]> : tensor<2x3xui8>
  func.return
}

// -----

func.func @dynamic_broadcast_in_dim() {
  %x = stablehlo.constant dense<[[1.5], [-2.0], [0.25]]> : tensor<3x1xf8E5M2>
  %s = stablehlo.constant dense<[3, 2, 2]> : tensor<3xi32>
  %r = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 2] : (tensor<3x1xf8E5M2>, tensor<3xi32>) -> tensor<3x2x2xf8E5M2>
  check.expect_eq_const %r, dense<[[[1.5, 1.5], [1.5, 1.5]], [[-2.0, -2.0], [-2.0, -2.0]], [[0.25, 0.25], [0.25, 0.25]]]> : tensor<3x2x2xf8E5M2>
  func.return
}

// -----

func.func @dynamic_reshape() {
  %x = stablehlo.constant dense<[[1, 2, 3, 4, 5, 6]]> : tensor<1x6xi16>
  %s = stablehlo.constant dense<[3, 2]> : tensor<2xui8>
  %r = stablehlo.dynamic_reshape %x, %s : (tensor<1x6xi16>, tensor<2xui8>) -> tensor<3x2xi16>
  check.expect_eq_const %r, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi16>
  func.return
}

// -----

// [1, 2, 3] padded low 1, high -1 (crops), interior 1: [9, 1, 9, 2, 9]
func.func @dynamic_pad() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi8>
  %v = stablehlo.constant dense<9> : tensor<i8>
  %lo = stablehlo.constant dense<[1]> : tensor<1xi64>
  %hi = stablehlo.constant dense<[-1]> : tensor<1xi64>
  %in = stablehlo.constant dense<[1]> : tensor<1xi64>
  %r = stablehlo.dynamic_pad %x, %v, %lo, %hi, %in : (tensor<3xi8>, tensor<i8>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<5xi8>
  check.expect_eq_const %r, dense<[9, 1, 9, 2, 9]> : tensor<5xi8>
  func.return
}

// -----

// elements 1 and 3 of [10, 11, 12, 13]: start 1, limit 4, stride 2
func.func @real_dynamic_slice() {
  %x = stablehlo.constant dense<[10, 11, 12, 13]> : tensor<4xi32>
  %s = stablehlo.constant dense<[1]> : tensor<1xi64>
  %l = stablehlo.constant dense<[4]> : tensor<1xi64>
  %k = stablehlo.constant dense<[2]> : tensor<1xi64>
  %r = stablehlo.real_dynamic_slice %x, %s, %l, %k : (tensor<4xi32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2xi32>
  check.expect_eq_const %r, dense<[11, 13]> : tensor<2xi32>
  func.return
}

// -----

// a stride near 2^63 (adversarial review N15): start 0, limit 4, stride
// 2^63 - 1 is one element, [10] (ceil(4 / stride) = 1); start 1, stride
// 2^63 - 2 is [11]; start = limit is empty
func.func @real_dynamic_slice_huge_stride() {
  %x = stablehlo.constant dense<[10, 11, 12, 13]> : tensor<4xi32>
  %s = stablehlo.constant dense<[0]> : tensor<1xi64>
  %l = stablehlo.constant dense<[4]> : tensor<1xi64>
  %k = stablehlo.constant dense<[9223372036854775807]> : tensor<1xi64>
  %r = stablehlo.real_dynamic_slice %x, %s, %l, %k : (tensor<4xi32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<1xi32>
  check.expect_eq_const %r, dense<[10]> : tensor<1xi32>
  %s1 = stablehlo.constant dense<[1]> : tensor<1xi64>
  %k1 = stablehlo.constant dense<[9223372036854775806]> : tensor<1xi64>
  %r1 = stablehlo.real_dynamic_slice %x, %s1, %l, %k1 : (tensor<4xi32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<1xi32>
  check.expect_eq_const %r1, dense<[11]> : tensor<1xi32>
  %e = stablehlo.real_dynamic_slice %x, %l, %l, %k : (tensor<4xi32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<0xi32>
  check.expect_eq_const %e, dense<> : tensor<0xi32>
  func.return
}

// -----

// the static slice with such a stride: the checker counts the same way
func.func @slice_huge_stride() {
  %x = stablehlo.constant dense<[10, 11, 12, 13]> : tensor<4xi32>
  %r = stablehlo.slice %x [1:4:9223372036854775807] : (tensor<4xi32>) -> tensor<1xi32>
  check.expect_eq_const %r, dense<[11]> : tensor<1xi32>
  func.return
}

// -----

// amounts at the static pad's limit, 2^40 in magnitude: interior 2^40 - 1
// puts element j of [1, 2, 3] at low + j * 2^40 = (j - 1) * 2^40, so element
// 0 is cropped, element 1 lands at 0 and element 2 at 2^40; the padded
// size 2^40 + 1 + high = 2 with high = -(2^40 - 1), so the result is
// [2, 9]. The same amounts as pad attributes give the same.
func.func @dynamic_pad_limit() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi8>
  %v = stablehlo.constant dense<9> : tensor<i8>
  %lo = stablehlo.constant dense<[-1099511627776]> : tensor<1xi64>
  %hi = stablehlo.constant dense<[-1099511627775]> : tensor<1xi64>
  %in = stablehlo.constant dense<[1099511627775]> : tensor<1xi64>
  %r = stablehlo.dynamic_pad %x, %v, %lo, %hi, %in : (tensor<3xi8>, tensor<i8>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2xi8>
  check.expect_eq_const %r, dense<[2, 9]> : tensor<2xi8>
  %p = stablehlo.pad %x, %v, low = [-1099511627776], high = [-1099511627775], interior = [1099511627775] : (tensor<3xi8>, tensor<i8>) -> tensor<2xi8>
  check.expect_eq_const %p, dense<[2, 9]> : tensor<2xi8>
  func.return
}

// -----

// gather with its slice sizes as an operand (SPEC 9.4.8): rows 2 and 0 of
// [[0, 1], [2, 3], [4, 5]]; the sizes [1, 2] agree with the result type
func.func @dynamic_gather() {
  %x = stablehlo.constant dense<[[0, 1], [2, 3], [4, 5]]> : tensor<3x2xi32>
  %i = stablehlo.constant dense<[[2], [0]]> : tensor<2x1xi64>
  %s = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %r = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false} : (tensor<3x2xi32>, tensor<2x1xi64>, tensor<2xi64>) -> tensor<2x2xi32>
  check.expect_eq_const %r, dense<[[4, 5], [0, 1]]> : tensor<2x2xi32>
  func.return
}
