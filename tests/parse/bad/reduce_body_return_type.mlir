// ERROR: reduce_body_return_type.mlir:8:22: error: 'stablehlo.return' value #0 of a reduce body must be tensor<f32>, got tensor<2xf32>
func.func @main() -> tensor<f32> {
  %0 = stablehlo.constant dense<1.0> : tensor<4xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.reduce(%0 init: %z) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    %c = stablehlo.constant dense<1.0> : tensor<2xf32>
    stablehlo.return %c : tensor<2xf32>
  }
  func.return %1 : tensor<f32>
}
