// ERROR: cbrt_i16.mlir:4:8: error: 'stablehlo.cbrt' does not accept element type i16 (expected float or complex elements)
func.func @f() {
  %0 = stablehlo.constant dense<1> : tensor<i16>
  %1 = stablehlo.cbrt %0 : tensor<i16>
  func.return
}
