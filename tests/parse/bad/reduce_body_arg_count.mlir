// ERROR: reduce_body_arg_count.mlir:6:27: error: syntax error, unexpected ')', expecting ','
func.func @main() -> tensor<f32> {
  %0 = stablehlo.constant dense<1.0> : tensor<4xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.reduce(%0 init: %z) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
   reducer(%a: tensor<f32>) {
    stablehlo.return %a : tensor<f32>
  }
  func.return %1 : tensor<f32>
}
