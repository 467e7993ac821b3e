// ERROR: compact_reduce_two_inputs.mlir:5:10: error: the compact reduce form 'applies stablehlo.add' takes exactly one input and one init value
func.func @main() -> tensor<f32> {
  %0 = stablehlo.constant dense<1.0> : tensor<4xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %1:2 = stablehlo.reduce(%0 init: %z), (%0 init: %z) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<4xf32>, tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  func.return %1#0 : tensor<f32>
}
