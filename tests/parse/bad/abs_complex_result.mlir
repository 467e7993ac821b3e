// ERROR: abs_complex_result.mlir:4:8: error: 'stablehlo.abs' of tensor<complex<f32>> returns tensor<f32>, got tensor<complex<f32>>
func.func @main() -> tensor<complex<f32>> {
  %0 = stablehlo.constant dense<(1.0, 2.0)> : tensor<complex<f32>>
  %1 = stablehlo.abs %0 : tensor<complex<f32>>
  func.return %1 : tensor<complex<f32>>
}
