// ERROR: reduce_scatter_body_args.mlir:3:8: error: 'stablehlo.reduce_scatter' body must take 2 arguments, got 3
func.func @f(%x: tensor<4xf32>) {
  %r = "stablehlo.reduce_scatter"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>):
      stablehlo.return %a : tensor<f32>
  }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<2xf32>
  func.return
}
