// ERROR: atan2_i32.mlir:4:8: error: 'stablehlo.atan2' does not accept element type i32 (expected float or complex elements)
func.func @f() {
  %0 = stablehlo.constant dense<1> : tensor<i32>
  %1 = stablehlo.atan2 %0, %0 : tensor<i32>
  func.return
}
