// ERROR: select_pred.mlir:4:25: error: 'stablehlo.select' predicate must have element type i1, got tensor<4xf32>
func.func @f() {
  %a = stablehlo.constant dense<1.0> : tensor<4xf32>
  %0 = stablehlo.select %a, %a, %a : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
