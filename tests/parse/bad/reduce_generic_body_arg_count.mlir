// ERROR: reduce_generic_body_arg_count.mlir:5:8: error: 'stablehlo.reduce' body must take 2 arguments (accumulators then elements), got 3
func.func @f() {
  %a = stablehlo.constant dense<1.0> : tensor<4xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce"(%a, %z) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>, %w: tensor<f32>):
      stablehlo.return %x : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  func.return
}
