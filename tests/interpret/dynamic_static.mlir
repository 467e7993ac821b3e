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
