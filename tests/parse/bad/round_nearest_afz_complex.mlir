// ERROR: round_nearest_afz_complex.mlir:4:8: error: 'stablehlo.round_nearest_afz' does not accept element type complex<f32> (expected float elements)
func.func @f() {
  %0 = stablehlo.constant dense<(1.0, 2.0)> : tensor<complex<f32>>
  %1 = stablehlo.round_nearest_afz %0 : tensor<complex<f32>>
  func.return
}
