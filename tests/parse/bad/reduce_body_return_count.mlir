// ERROR: reduce_body_return_count.mlir:7:5: error: 'stablehlo.return' of a reduce body returns 2 values, expected 1
func.func @main() -> tensor<f32> {
  %0 = stablehlo.constant dense<1.0> : tensor<4xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.reduce(%0 init: %z) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    stablehlo.return %a, %b : tensor<f32>, tensor<f32>
  }
  func.return %1 : tensor<f32>
}
