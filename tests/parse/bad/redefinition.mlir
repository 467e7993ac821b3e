// ERROR: redefinition.mlir:4:3: error: redefinition of value '%0'
func.func @f() {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  %0 = stablehlo.constant dense<2.0> : tensor<f32>
  func.return
}
