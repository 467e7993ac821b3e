// ERROR: literal_complex_no_paren.mlir:3:34: error: expected a complex element '(real, imag)'
func.func @main() -> tensor<1xcomplex<f32>> {
  %0 = stablehlo.constant dense<[1.0]> : tensor<1xcomplex<f32>>
  func.return %0 : tensor<1xcomplex<f32>>
}
