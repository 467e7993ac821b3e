// ERROR: reduce_result_type.mlir:5:8: error: 'stablehlo.reduce' result #0 type tensor<2xf32> should be tensor<f32>
func.func @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<4xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.reduce(%0 init: %z) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<2xf32>
  func.return %1 : tensor<2xf32>
}
