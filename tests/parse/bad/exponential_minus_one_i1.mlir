// ERROR: exponential_minus_one_i1.mlir:4:8: error: 'stablehlo.exponential_minus_one' does not accept element type i1 (expected float or complex elements)
func.func @f() {
  %0 = stablehlo.constant dense<true> : tensor<i1>
  %1 = stablehlo.exponential_minus_one %0 : tensor<i1>
  func.return
}
