// ERROR: ui8_negative.mlir:3:33: error: negative integer '-1' for unsigned type ui8
func.func @f() {
  %0 = stablehlo.constant dense<-1> : tensor<ui8>
  func.return
}
