// ERROR: power_i1.mlir:4:8: error: 'stablehlo.power' does not accept element type i1 (expected integer, float or complex elements)
func.func @f() {
  %0 = stablehlo.constant dense<true> : tensor<i1>
  %1 = stablehlo.power %0, %0 : tensor<i1>
  func.return
}
