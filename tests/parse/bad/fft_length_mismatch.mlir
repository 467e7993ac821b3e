// ERROR: fft_length_mismatch.mlir:4:8: error: 'stablehlo.fft' fft_length 3 does not match dimension 0 of tensor<4xcomplex<f64>>
func.func @f() {
  %x = stablehlo.constant dense<(1.0, 0.0)> : tensor<4xcomplex<f64>>
  %r = stablehlo.fft %x, type = FFT, length = [3] : (tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>>
  func.return
}
