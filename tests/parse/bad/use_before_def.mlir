// ERROR: use_before_def.mlir:3:22: error: value '%1' is used before its definition
func.func @f() {
  %0 = stablehlo.add %1, %1 : tensor<f32>
  %1 = stablehlo.constant dense<1.0> : tensor<f32>
  func.return
}
