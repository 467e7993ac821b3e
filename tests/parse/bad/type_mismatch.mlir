// ERROR: type_mismatch.mlir:4:22: error: 'stablehlo.add' operand #0 '%0' has type tensor<f32> but the op's type says tensor<f16>
func.func @f() {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  %1 = stablehlo.add %0, %0 : tensor<f16>
  func.return
}
