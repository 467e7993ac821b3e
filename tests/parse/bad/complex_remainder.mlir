// ERROR: complex_remainder.mlir:4:8: error: 'stablehlo.remainder' does not accept element type complex<f32> (expected integer or float elements)
func.func @f() {
  %0 = stablehlo.constant dense<(1.0, 2.0)> : tensor<complex<f32>>
  %1 = stablehlo.remainder %0, %0 : tensor<complex<f32>>
  func.return
}
