// ERROR: transpose_elem_differs.mlir:4:8: error: 'stablehlo.transpose' requires the same element type, got tensor<2x3xf32> and tensor<3x2xf16>
func.func @main() -> tensor<3x2xf16> {
  %0 = stablehlo.constant dense<1.0> : tensor<2x3xf32>
  %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf16>
  func.return %1 : tensor<3x2xf16>
}
