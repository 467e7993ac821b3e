// ERROR: literal_complex_no_comma.mlir:3:38: error: expected ',' between the parts of a complex element
func.func @main() -> tensor<complex<f32>> {
  %0 = stablehlo.constant dense<(1.0 2.0)> : tensor<complex<f32>>
  func.return %0 : tensor<complex<f32>>
}
