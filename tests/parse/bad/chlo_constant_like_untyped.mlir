// ERROR: chlo_constant_like_untyped.mlir:4:42: error: 'chlo.constant_like' attribute 'value' must be a typed number (`1.0 : f32`) or true or false
func.func @main() {
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = "chlo.constant_like"(%0) {value = 1.0} : (tensor<2xf32>) -> tensor<2xf32>
  func.return
}
