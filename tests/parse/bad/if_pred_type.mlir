// ERROR: if_pred_type.mlir:4:23: error: 'stablehlo.if' predicate must be tensor<i1>, got tensor<i32>
func.func @f() {
  %p = stablehlo.constant dense<1> : tensor<i32>
  %r = "stablehlo.if"(%p) ({
    %a = stablehlo.constant dense<1.0> : tensor<f32>
    stablehlo.return %a : tensor<f32>
  }, {
    %b = stablehlo.constant dense<2.0> : tensor<f32>
    stablehlo.return %b : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  func.return
}
