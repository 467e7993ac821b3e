// ERROR: float_int_literal.mlir:3:33: error: expected floating-point elements, got integer '1' (write '1.0')
func.func @f() {
  %0 = stablehlo.constant dense<1> : tensor<f32>
  func.return
}
