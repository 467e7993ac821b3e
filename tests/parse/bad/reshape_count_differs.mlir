// ERROR: reshape_count_differs.mlir:4:8: error: 'stablehlo.reshape' needs the same element type and count, got tensor<2x3xf32> and tensor<5xf32>
func.func @main() -> tensor<5xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2x3xf32>
  %1 = stablehlo.reshape %0 : (tensor<2x3xf32>) -> tensor<5xf32>
  func.return %1 : tensor<5xf32>
}
