// ERROR: cholesky_generic.mlir:3:8: error: 'stablehlo.cholesky': unsupported op (REF refuses: decomposable)
func.func @main(%a: tensor<2x2x2xcomplex<f64>>) -> tensor<2x2x2xcomplex<f64>> {
  %r = "stablehlo.cholesky"(%a) {lower = false} : (tensor<2x2x2xcomplex<f64>>) -> tensor<2x2x2xcomplex<f64>>
  func.return %r : tensor<2x2x2xcomplex<f64>>
}
