// ERROR: if_empty_region.mlir:4:3: error: an if branch must end with 'stablehlo.return'
func.func @f() {
  %p = stablehlo.constant dense<true> : tensor<i1>
  "stablehlo.if"(%p) ({
  }, {
    stablehlo.return
  }) : (tensor<i1>) -> ()
  func.return
}
