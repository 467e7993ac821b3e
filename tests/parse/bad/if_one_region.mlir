// ERROR: if_one_region.mlir:4:8: error: 'stablehlo.if' takes 2 regions, got 1
func.func @f() {
  %p = stablehlo.constant dense<true> : tensor<i1>
  %r = "stablehlo.if"(%p) ({
    %a = stablehlo.constant dense<1.0> : tensor<f32>
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  func.return
}
