// ERROR: is_finite_complex.mlir:3:8: error: 'stablehlo.is_finite' does not accept element type complex<f64> (expected float elements)
func.func @main(%a: tensor<3xcomplex<f64>>) -> tensor<3xi1> {
  %0 = stablehlo.is_finite %a : (tensor<3xcomplex<f64>>) -> tensor<3xi1>
  func.return %0 : tensor<3xi1>
}
