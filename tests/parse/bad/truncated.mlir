// ERROR: truncated.mlir:3:51: error: syntax error, unexpected end of file
func.func @f() {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
