// ERROR: region_sibling_value.mlir:8:22: error: use of undefined value '%a'
func.func @f() {
  %i = stablehlo.constant dense<1> : tensor<i32>
  %r = "stablehlo.case"(%i) ({
    %a = stablehlo.constant dense<1.0> : tensor<f32>
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  func.return
}
