// ERROR: check_close_ulps.mlir:4:3: error: 'check.expect_close' min_ulp_difference 5 exceeds max_ulp_difference 1
func.func @main() -> () {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  check.expect_close %0, %0, max_ulp_difference = 1, min_ulp_difference = 5 : tensor<f32>, tensor<f32>
  func.return
}
