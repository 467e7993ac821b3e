// ERROR: region_redefines_outer.mlir:6:5: error: redefinition of value '%a'
func.func @f() {
  %p = stablehlo.constant dense<true> : tensor<i1>
  %a = stablehlo.constant dense<1.0> : tensor<f32>
  %r = "stablehlo.if"(%p) ({
    %a = stablehlo.constant dense<2.0> : tensor<f32>
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  func.return
}
