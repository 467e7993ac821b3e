// ERROR: pad_value_not_scalar.mlir:4:26: error: 'stablehlo.pad' padding value must be rank 0, got tensor<4xf32>
func.func @main() -> tensor<6xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<4xf32>
  %1 = stablehlo.pad %0, %0, low = [1], high = [1], interior = [0] : (tensor<4xf32>, tensor<4xf32>) -> tensor<6xf32>
  func.return %1 : tensor<6xf32>
}
