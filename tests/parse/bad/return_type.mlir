// ERROR: return_type.mlir:4:15: error: 'func.return' operand #0 has type tensor<i32> but function '@f' returns tensor<f32>
func.func @f() -> tensor<f32> {
  %0 = stablehlo.constant dense<1> : tensor<i32>
  func.return %0 : tensor<i32>
}
