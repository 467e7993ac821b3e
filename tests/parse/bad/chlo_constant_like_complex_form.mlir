// ERROR: chlo_constant_like_complex_form.mlir:3:42: error: 'chlo.constant_like' value must be #complex.number<:fNN RE, IM> : complex<fNN>
func.func @main(%x: tensor<2xf32>) -> tensor<2xcomplex<f32>> {
  %0 = "chlo.constant_like"(%x) {value = #complex.number<:f32> : complex<f32>} : (tensor<2xf32>) -> tensor<2xcomplex<f32>>
  func.return %0 : tensor<2xcomplex<f32>>
}
