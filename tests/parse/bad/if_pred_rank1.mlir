// ERROR: if_pred_rank1.mlir:4:23: error: 'stablehlo.if' predicate must be tensor<i1>, got tensor<1xi1>
func.func @f() {
  %p = stablehlo.constant dense<true> : tensor<1xi1>
  %r = "stablehlo.if"(%p) ({
    %a = stablehlo.constant dense<1.0> : tensor<f32>
    stablehlo.return %a : tensor<f32>
  }, {
    %b = stablehlo.constant dense<2.0> : tensor<f32>
    stablehlo.return %b : tensor<f32>
  }) : (tensor<1xi1>) -> tensor<f32>
  func.return
}
