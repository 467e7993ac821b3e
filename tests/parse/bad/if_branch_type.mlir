// ERROR: if_branch_type.mlir:9:22: error: 'stablehlo.return' value #0 of an if branch must be tensor<f32>, got tensor<f64>
func.func @f() {
  %p = stablehlo.constant dense<true> : tensor<i1>
  %r = "stablehlo.if"(%p) ({
    %a = stablehlo.constant dense<1.0> : tensor<f32>
    stablehlo.return %a : tensor<f32>
  }, {
    %b = stablehlo.constant dense<2.0> : tensor<f64>
    stablehlo.return %b : tensor<f64>
  }) : (tensor<i1>) -> tensor<f32>
  func.return
}
