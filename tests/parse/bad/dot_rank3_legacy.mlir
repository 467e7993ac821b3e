// ERROR: dot_rank3_legacy.mlir:4:8: error: 'stablehlo.dot' needs rank 1 or 2 operands, got tensor<2x2x2xf32> and tensor<2x2x2xf32>
func.func @main() -> tensor<2x2xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2x2x2xf32>
  %1 = stablehlo.dot %0, %0 : (tensor<2x2x2xf32>, tensor<2x2x2xf32>) -> tensor<2x2xf32>
  func.return %1 : tensor<2x2xf32>
}
