// ERROR: reduce_no_region.mlir:5:8: error: 'stablehlo.reduce' requires a body region
func.func @main() -> tensor<f32> {
  %0 = stablehlo.constant dense<1.0> : tensor<4xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = "stablehlo.reduce"(%0, %z) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  func.return %1 : tensor<f32>
}
