// RUN: ir-run --interpret -split-input-file %s
// chlo.top_k (docs/chlo.md): the k largest of each row along the last
// dimension and their indices, equal values in index order (a stable sort
// by GT), floats in IEEE total order (+NaN above +Inf, -NaN below -Inf,
// +0 above -0). Expected values by hand.

func.func @top_k_f32() {
  %x = stablehlo.constant dense<[[3.0, 1.0, 4.0, 1.0, 5.0], [2.0, 7.0, 1.0, 8.0, 2.0]]> : tensor<2x5xf32>
  %v, %i = chlo.top_k(%x, k = 3) : tensor<2x5xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  check.expect_eq_const %v, dense<[[5.0, 4.0, 3.0], [8.0, 7.0, 2.0]]> : tensor<2x3xf32>
  check.expect_eq_const %i, dense<[[4, 2, 0], [3, 1, 0]]> : tensor<2x3xi32>
  func.return
}

// -----

func.func @top_k_specials() {
  %x = stablehlo.constant dense<[0xFFC00000, 0x80000000, 0x7F800000, 0x00000000, 0x7FC00000, 0xFF800000]> : tensor<6xf32>
  %r:2 = chlo.top_k(%x, k = 6) : tensor<6xf32> -> (tensor<6xf32>, tensor<6xi32>)
  %b = stablehlo.bitcast_convert %r#0 : (tensor<6xf32>) -> tensor<6xui32>
  check.expect_eq_const %b, dense<[0x7FC00000, 0x7F800000, 0x00000000, 0x80000000, 0xFF800000, 0xFFC00000]> : tensor<6xui32>
  check.expect_eq_const %r#1, dense<[4, 2, 3, 1, 5, 0]> : tensor<6xi32>
  func.return
}

// -----

func.func @top_k_ints_ties() {
  %x = stablehlo.constant dense<[[-1, 5, 5, -7], [0, 0, 0, 0]]> : tensor<2x4xi8>
  %v, %i = "chlo.top_k"(%x) {k = 2 : i64} : (tensor<2x4xi8>) -> (tensor<2x2xi8>, tensor<2x2xi32>)
  check.expect_eq_const %v, dense<[[5, 5], [0, 0]]> : tensor<2x2xi8>
  check.expect_eq_const %i, dense<[[1, 2], [0, 1]]> : tensor<2x2xi32>
  %u = stablehlo.constant dense<[1, 4294967295, 7]> : tensor<3xui32>
  %uv, %ui = chlo.top_k(%u, k = 1) : tensor<3xui32> -> (tensor<1xui32>, tensor<1xi32>)
  check.expect_eq_const %uv, dense<[4294967295]> : tensor<1xui32>
  check.expect_eq_const %ui, dense<[1]> : tensor<1xi32>
  func.return
}

// -----

func.func @top_k_bool_k0() {
  %x = stablehlo.constant dense<[[false, true, false, true]]> : tensor<1x4xi1>
  %v, %i = chlo.top_k(%x, k = 2) : tensor<1x4xi1> -> (tensor<1x2xi1>, tensor<1x2xi32>)
  check.expect_eq_const %v, dense<[[true, true]]> : tensor<1x2xi1>
  check.expect_eq_const %i, dense<[[1, 3]]> : tensor<1x2xi32>
  %e, %j = chlo.top_k(%x, k = 0) : tensor<1x4xi1> -> (tensor<1x0xi1>, tensor<1x0xi32>)
  check.expect_eq_const %j, dense<> : tensor<1x0xi32>
  func.return
}
