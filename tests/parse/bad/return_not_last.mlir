// ERROR: return_not_last.mlir:4:3: error: 'func.return' must be the last op of its block
func.func @main() -> tensor<f32> {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  func.return %0 : tensor<f32>
  %1 = stablehlo.add %0, %0 : tensor<f32>
  func.return %1 : tensor<f32>
}
