// ERROR: literal_dot_first.mlir:3:33: error: a float literal needs a digit before the '.'
func.func @main() -> tensor<f32> {
  %0 = stablehlo.constant dense<.5> : tensor<f32>
  func.return %0 : tensor<f32>
}
