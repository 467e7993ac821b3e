// ERROR: return_count.mlir:4:3: error: 'func.return' has 2 operands but function '@main' returns 1 value
func.func @main() -> tensor<f32> {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  func.return %0, %0 : tensor<f32>, tensor<f32>
}
