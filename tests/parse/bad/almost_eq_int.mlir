// ERROR: almost_eq_int.mlir:4:3: error: 'check.expect_almost_eq' does not accept element type i32 (expected float or complex elements)
func.func @f() {
  %0 = stablehlo.constant dense<1> : tensor<i32>
  check.expect_almost_eq %0, %0 : tensor<i32>
  func.return
}
