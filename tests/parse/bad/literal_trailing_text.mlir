// ERROR: literal_trailing_text.mlir:3:37: error: unexpected text after the dense literal
func.func @main() -> tensor<f32> {
  %0 = stablehlo.constant dense<1.0 2.0> : tensor<f32>
  func.return %0 : tensor<f32>
}
