// ERROR: signature_not_function.mlir:4:34: error: syntax error, unexpected tensor type, expecting '('
func.func @main() -> tensor<f32> {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  %1 = "stablehlo.add"(%0, %0) : tensor<f32>
  func.return %1 : tensor<f32>
}
