// ERROR: if_missing_return.mlir:8:10: error: an if branch must end with 'stablehlo.return'
func.func @f() {
  %p = stablehlo.constant dense<true> : tensor<i1>
  %r = "stablehlo.if"(%p) ({
    %a = stablehlo.constant dense<1.0> : tensor<f32>
    stablehlo.return %a : tensor<f32>
  }, {
    %b = stablehlo.constant dense<2.0> : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  func.return
}
