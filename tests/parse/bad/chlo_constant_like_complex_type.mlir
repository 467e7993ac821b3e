// ERROR: chlo_constant_like_complex_type.mlir:3:42: error: 'chlo.constant_like' value's type complex<f32> doesn't match the element type complex<f64> of its result
func.func @main(%x: tensor<2xf32>) -> tensor<2xcomplex<f64>> {
  %0 = "chlo.constant_like"(%x) {value = #complex.number<:f32 1.0, 2.0> : complex<f32>} : (tensor<2xf32>) -> tensor<2xcomplex<f64>>
  func.return %0 : tensor<2xcomplex<f64>>
}
