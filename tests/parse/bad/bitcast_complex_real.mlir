// ERROR: bitcast_complex_real.mlir:4:8: error: 'stablehlo.bitcast_convert' cannot convert between complex and non-complex types (f64 to complex<f32>)
func.func @main() -> tensor<complex<f32>> {
  %0 = stablehlo.constant dense<1.0> : tensor<f64>
  %1 = stablehlo.bitcast_convert %0 : (tensor<f64>) -> tensor<complex<f32>>
  func.return %1 : tensor<complex<f32>>
}
