// ERROR: fft_length_count.mlir:4:8: error: 'stablehlo.fft' needs 1 to 3 fft_length entries, got 4
func.func @f() {
  %x = stablehlo.constant dense<(1.0, 0.0)> : tensor<2x2x2x2xcomplex<f32>>
  %r = stablehlo.fft %x, type = FFT, length = [2, 2, 2, 2] : (tensor<2x2x2x2xcomplex<f32>>) -> tensor<2x2x2x2xcomplex<f32>>
  func.return
}
