// ERROR: composite_no_decomposition.mlir:4:8: error: 'stablehlo.composite' requires the attribute 'decomposition'
func.func @f() {
  %a = stablehlo.constant dense<1.0> : tensor<f32>
  %r = "stablehlo.composite"(%a) <{name = "my.op"}> : (tensor<f32>) -> tensor<f32>
  func.return
}
