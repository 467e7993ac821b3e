// ERROR: chlo_top_k_complex.mlir:4:12: error: 'chlo.top_k' does not take element type complex<f32> (it compares with GT)
func.func @main() -> tensor<2xcomplex<f32>> {
  %0 = stablehlo.constant dense<(1.0, 2.0)> : tensor<2xcomplex<f32>>
  %1, %2 = chlo.top_k(%0, k = 1) : tensor<2xcomplex<f32>> -> (tensor<1xcomplex<f32>>, tensor<1xi32>)
  func.return %0 : tensor<2xcomplex<f32>>
}
