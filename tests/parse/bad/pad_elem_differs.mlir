// ERROR: pad_elem_differs.mlir:5:8: error: 'stablehlo.pad' requires equal element types, got tensor<4xf32>, tensor<f16> and tensor<6xf32>
func.func @main() -> tensor<6xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<4xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f16>
  %1 = stablehlo.pad %0, %z, low = [1], high = [1], interior = [0] : (tensor<4xf32>, tensor<f16>) -> tensor<6xf32>
  func.return %1 : tensor<6xf32>
}
