// ERROR: if_func_return.mlir:6:5: error: an if branch must end with 'stablehlo.return', not 'func.return'
func.func @f() -> tensor<f32> {
  %p = stablehlo.constant dense<true> : tensor<i1>
  %a = stablehlo.constant dense<1.0> : tensor<f32>
  %r = "stablehlo.if"(%p) ({
    func.return %a : tensor<f32>
  }, {
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  func.return %r : tensor<f32>
}
