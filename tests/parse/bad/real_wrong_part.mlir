// ERROR: real_wrong_part.mlir:3:8: error: 'stablehlo.real' of tensor<2xcomplex<f64>> returns tensor<2xf64>, got tensor<2xf32>
func.func @main(%a: tensor<2xcomplex<f64>>) -> tensor<2xf32> {
  %0 = stablehlo.real %a : (tensor<2xcomplex<f64>>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}
