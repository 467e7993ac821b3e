// ERROR: reduce_body.mlir:6:27: error: 'stablehlo.reduce' body argument #1 must be tensor<f32>, got tensor<f16>
func.func @f() {
  %a = stablehlo.constant dense<1.0> : tensor<4xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce"(%a, %z) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f16>):
      stablehlo.return %x : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  func.return
}
