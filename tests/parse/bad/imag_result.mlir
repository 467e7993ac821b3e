// ERROR: imag_result.mlir:3:8: error: 'stablehlo.imag' of tensor<2xcomplex<f32>> returns tensor<2xf32>, got tensor<2xcomplex<f32>>
func.func @main(%a: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  %0 = stablehlo.imag %a : tensor<2xcomplex<f32>>
  func.return %0 : tensor<2xcomplex<f32>>
}
