// ERROR: operand_count_mismatch.mlir:4:31: error: 'stablehlo.add' has 2 operands but its type lists 1
func.func @main() -> tensor<f32> {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  %1 = stablehlo.add %0, %0 : (tensor<f32>) -> tensor<f32>
  func.return %1 : tensor<f32>
}
