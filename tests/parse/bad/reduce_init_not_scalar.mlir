// ERROR: reduce_init_not_scalar.mlir:4:34: error: 'stablehlo.reduce' init value #0 must be rank 0 of f32, got tensor<4xf32>
func.func @main() -> tensor<f32> {
  %0 = stablehlo.constant dense<1.0> : tensor<4xf32>
  %1 = stablehlo.reduce(%0 init: %0) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
  func.return %1 : tensor<f32>
}
