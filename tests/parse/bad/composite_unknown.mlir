// ERROR: composite_unknown.mlir:4:8: error: 'stablehlo.composite' decomposition '@nope' is not a function of the module
func.func @f() {
  %a = stablehlo.constant dense<1.0> : tensor<f32>
  %r = stablehlo.composite "my.op" %a {decomposition = @nope} : (tensor<f32>) -> tensor<f32>
  func.return
}
