// ERROR: select_pred_shape.mlir:5:25: error: 'stablehlo.select' predicate must be rank 0 or have the shape of tensor<2xf32>, got tensor<3xi1>
func.func @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
  %p = stablehlo.constant dense<true> : tensor<3xi1>
  %1 = stablehlo.select %p, %0, %0 : (tensor<3xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  func.return %1 : tensor<2xf32>
}
