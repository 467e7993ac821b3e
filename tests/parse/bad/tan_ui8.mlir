// ERROR: tan_ui8.mlir:4:8: error: 'stablehlo.tan' does not accept element type ui8 (expected float or complex elements)
func.func @f() {
  %0 = stablehlo.constant dense<1> : tensor<ui8>
  %1 = stablehlo.tan %0 : tensor<ui8>
  func.return
}
