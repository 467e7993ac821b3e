// ERROR: slice_result_type.mlir:4:8: error: 'stablehlo.slice' result type tensor<3xf32> should be tensor<2xf32>
func.func @main() -> tensor<3xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<4xf32>
  %1 = stablehlo.slice %0 [0:4:2] : (tensor<4xf32>) -> tensor<3xf32>
  func.return %1 : tensor<3xf32>
}
