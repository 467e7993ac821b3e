// ERROR: all_reduce_body_arg.mlir:4:27: error: 'stablehlo.all_reduce' body argument #1 must be tensor<f32>, got tensor<f64>
func.func @f(%x: tensor<4xf32>) {
  %r = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f64>):
      stablehlo.return %a : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}
