// ERROR: broadcast_elem_differs.mlir:4:8: error: 'stablehlo.broadcast_in_dim' requires the same element type, got tensor<2xf32> and tensor<2x3xf16>
func.func @main() -> tensor<2x3xf16> {
  %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
  %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<2xf32>) -> tensor<2x3xf16>
  func.return %1 : tensor<2x3xf16>
}
