// ERROR: literal_nan_word.mlir:3:33: error: expected a float literal, got 'nan' (write NaN and Inf as hex bit patterns)
func.func @main() -> tensor<f32> {
  %0 = stablehlo.constant dense<nan> : tensor<f32>
  func.return %0 : tensor<f32>
}
