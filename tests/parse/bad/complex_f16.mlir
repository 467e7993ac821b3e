// ERROR: complex_f16.mlir:4:8: error: 'stablehlo.complex' takes f32 or f64 parts, got f16
func.func @main(%a: tensor<2xf16>) -> tensor<2xcomplex<f32>> {
  // complex<f16> does not exist: only f32 and f64 parts (SPEC 9.5.1)
  %0 = stablehlo.complex %a, %a : (tensor<2xf16>, tensor<2xf16>) -> tensor<2xcomplex<f32>>
  func.return %0 : tensor<2xcomplex<f32>>
}
