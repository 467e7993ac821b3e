// ERROR: chlo_constant_like_shape.mlir:4:8: error: 'chlo.constant_like' result must have the operand's shape
func.func @main() {
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = "chlo.constant_like"(%0) {value = 1.0 : f32} : (tensor<2xf32>) -> tensor<3xf32>
  func.return
}
