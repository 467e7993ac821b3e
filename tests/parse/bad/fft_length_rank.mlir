// ERROR: fft_length_rank.mlir:4:8: error: 'stablehlo.fft' has 2 fft_length entries, more than the operand rank 1
func.func @f() {
  %x = stablehlo.constant dense<(1.0, 0.0)> : tensor<2xcomplex<f32>>
  %r = stablehlo.fft %x, type = FFT, length = [2, 2] : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  func.return
}
