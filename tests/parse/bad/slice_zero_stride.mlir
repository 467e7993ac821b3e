// ERROR: slice_zero_stride.mlir:4:8: error: 'stablehlo.slice' stride 0 of dimension 0 must be positive
func.func @main() -> tensor<4xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<4xf32>
  %1 = stablehlo.slice %0 [0:4:0] : (tensor<4xf32>) -> tensor<4xf32>
  func.return %1 : tensor<4xf32>
}
