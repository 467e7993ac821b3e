// ERROR: log_plus_one_i64.mlir:4:8: error: 'stablehlo.log_plus_one' does not accept element type i64 (expected float or complex elements)
func.func @f() {
  %0 = stablehlo.constant dense<1> : tensor<i64>
  %1 = stablehlo.log_plus_one %0 : tensor<i64>
  func.return
}
