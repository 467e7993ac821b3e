// ERROR: chlo_broadcast_polygamma_complex.mlir:4:8: error: 'chlo.broadcast_polygamma' does not take element type complex<f32> (as 'chlo.polygamma')
func.func @main() {
  %0 = stablehlo.constant dense<(1.0, 2.0)> : tensor<2xcomplex<f32>>
  %1 = chlo.broadcast_polygamma %0, %0 : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  func.return
}
