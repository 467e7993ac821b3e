// ERROR: result_count_mismatch.mlir:3:3: error: 'stablehlo.constant' has 1 result but 2 values are defined
func.func @main() -> tensor<f32> {
  %0:2 = stablehlo.constant dense<1.0> : tensor<f32>
  func.return %0#0 : tensor<f32>
}
