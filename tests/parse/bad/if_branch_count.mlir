// ERROR: if_branch_count.mlir:5:5: error: 'stablehlo.return' of an if branch returns 0 values, expected 1
func.func @f() {
  %p = stablehlo.constant dense<true> : tensor<i1>
  %r = "stablehlo.if"(%p) ({
    stablehlo.return
  }, {
    %b = stablehlo.constant dense<2.0> : tensor<f32>
    stablehlo.return %b : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  func.return
}
