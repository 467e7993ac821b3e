// ERROR: all_reduce_mixed_elements.mlir:3:37: error: 'stablehlo.all_reduce' operands must share one element type for its region, got f32 and f16
func.func @f(%x: tensor<4xf32>, %y: tensor<3xf32>, %m: tensor<4x2xf32>, %h: tensor<2xf16>, %roots: tensor<2xi32>, %t: !stablehlo.token) {
  %r:2 = "stablehlo.all_reduce"(%x, %h) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>, tensor<2xf16>) -> (tensor<4xf32>, tensor<2xf16>)
  func.return
}
