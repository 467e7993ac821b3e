// ERROR: chlo_constant_like_type.mlir:4:42: error: 'chlo.constant_like' value's type f64 doesn't match the element type f32 of its result
func.func @main() {
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = "chlo.constant_like"(%0) {value = 1.0 : f64} : (tensor<2xf32>) -> tensor<2xf32>
  func.return
}
