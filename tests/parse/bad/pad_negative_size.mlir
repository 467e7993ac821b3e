// ERROR: pad_negative_size.mlir:5:8: error: 'stablehlo.pad' dimension 0 would have negative size -2
func.func @main() -> tensor<0xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<4xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.pad %0, %z, low = [-3], high = [-3], interior = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<0xf32>
  func.return %1 : tensor<0xf32>
}
