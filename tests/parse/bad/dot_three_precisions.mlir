// ERROR: dot_three_precisions.mlir:4:8: error: 'stablehlo.dot_general' (C11) precision config has 3 entries, at most 2 allowed
func.func @main() -> tensor<2x2xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %1 = stablehlo.dot_general %0, %0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT, HIGH] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return %1 : tensor<2x2xf32>
}
