// SPEC.md section 8: i1 hex blobs (item 12) and compare_type mismatches
// accepted with a warning (item 16)
func.func @i1_blobs() {
  %splat_true = stablehlo.constant dense<"0x01"> : tensor<3xi1>
  check.expect_eq_const %splat_true, dense<[true, true, true]> : tensor<3xi1>
  %splat_ff = stablehlo.constant dense<"0xFF"> : tensor<3xi1>
  check.expect_eq_const %splat_ff, dense<[true, true, true]> : tensor<3xi1>
  %packed = stablehlo.constant dense<"0x05"> : tensor<3xi1>
  check.expect_eq_const %packed, dense<[true, false, true]> : tensor<3xi1>
  %bytes = stablehlo.constant dense<"0x000100FF"> : tensor<4xi1>
  check.expect_eq_const %bytes, dense<[false, true, false, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @compare_type_mismatch() {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %r = stablehlo.compare LT, %a, %b, SIGNED : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  check.expect_eq_const %r, dense<[true, false]> : tensor<2xi1>
  func.return
}
