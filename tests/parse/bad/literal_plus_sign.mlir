// ERROR: literal_plus_sign.mlir:3:33: error: a '+' sign is not allowed in a literal
func.func @main() -> tensor<f32> {
  %0 = stablehlo.constant dense<+1.0> : tensor<f32>
  func.return %0 : tensor<f32>
}
