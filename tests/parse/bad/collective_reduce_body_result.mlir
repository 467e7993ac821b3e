// ERROR: collective_reduce_body_result.mlir:6:24: error: 'stablehlo.return' value #0 of a collective_reduce body must be tensor<f32>, got tensor<i32>
func.func @f(%x: tensor<4xf32>) {
  %r = "stablehlo.collective_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %i = stablehlo.convert %a : (tensor<f32>) -> tensor<i32>
      stablehlo.return %i : tensor<i32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}
