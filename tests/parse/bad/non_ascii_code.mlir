// ERROR: non_ascii_code.mlir:3:52: error: non-ASCII byte 0xC3 outside a string or comment
func.func @f() {
  %0 = stablehlo.constant dense<1.0> : tensor<f32> é
  func.return
}
