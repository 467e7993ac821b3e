// ERROR: popcnt_complex.mlir:3:8: error: 'stablehlo.popcnt' does not accept element type complex<f32> (expected integer elements)
func.func @main(%a: tensor<complex<f32>>) -> tensor<complex<f32>> {
  %0 = stablehlo.popcnt %a : tensor<complex<f32>>
  func.return %0 : tensor<complex<f32>>
}
