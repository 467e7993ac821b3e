// ERROR: pad_result_type.mlir:5:8: error: 'stablehlo.pad' result type tensor<7xf32> should be tensor<6xf32>
func.func @main() -> tensor<7xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<4xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.pad %0, %z, low = [1], high = [1], interior = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<7xf32>
  func.return %1 : tensor<7xf32>
}
