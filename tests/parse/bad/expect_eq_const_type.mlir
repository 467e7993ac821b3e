// ERROR: expect_eq_const_type.mlir:4:3: error: 'check.expect_eq_const' compares values of different types: tensor<i32> (actual) and tensor<i16> (expected)
func.func @f() {
  %0 = stablehlo.constant dense<1> : tensor<i32>
  "check.expect_eq_const"(%0) {value = dense<1> : tensor<i16>} : (tensor<i32>) -> ()
  func.return
}
