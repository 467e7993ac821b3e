// ERROR: if_tuple_result.mlir:4:8: error: 'stablehlo.if' result #0 must be a tensor or a token, got tuple<tensor<f32>>
func.func @f(%t: tuple<tensor<f32>>) {
  %p = stablehlo.constant dense<true> : tensor<i1>
  %r = "stablehlo.if"(%p) ({
    stablehlo.return %t : tuple<tensor<f32>>
  }, {
    stablehlo.return %t : tuple<tensor<f32>>
  }) : (tensor<i1>) -> tuple<tensor<f32>>
  func.return
}
