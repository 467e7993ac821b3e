// ERROR: complex_result.mlir:3:8: error: 'stablehlo.complex' of tensor<2xf32> returns tensor<2xcomplex<f32>>, got tensor<2xcomplex<f64>>
func.func @main(%a: tensor<2xf32>) -> tensor<2xcomplex<f64>> {
  %0 = stablehlo.complex %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f64>>
  func.return %0 : tensor<2xcomplex<f64>>
}
