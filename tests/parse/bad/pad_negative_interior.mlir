// ERROR: pad_negative_interior.mlir:5:8: error: 'stablehlo.pad' interior padding -1 of dimension 0 must be non-negative
func.func @main() -> tensor<1xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<4xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.pad %0, %z, low = [0], high = [0], interior = [-1] : (tensor<4xf32>, tensor<f32>) -> tensor<1xf32>
  func.return %1 : tensor<1xf32>
}
