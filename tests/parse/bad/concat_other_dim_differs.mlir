// ERROR: concat_other_dim_differs.mlir:5:34: error: 'stablehlo.concatenate' operand #1 has size 3 at dimension 1, expected 2
func.func @main() -> tensor<4x2xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %b = stablehlo.constant dense<1.0> : tensor<2x3xf32>
  %1 = stablehlo.concatenate %0, %b, dim = 0 : (tensor<2x2xf32>, tensor<2x3xf32>) -> tensor<4x2xf32>
  func.return %1 : tensor<4x2xf32>
}
