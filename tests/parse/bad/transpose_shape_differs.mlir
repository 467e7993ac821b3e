// ERROR: transpose_shape_differs.mlir:4:8: error: 'stablehlo.transpose' result type tensor<2x3xf32> should be tensor<3x2xf32> (the operand tensor<2x3xf32> permuted)
func.func @main() -> tensor<2x3xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2x3xf32>
  %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %1 : tensor<2x3xf32>
}
