// ERROR: undefined_value.mlir:3:25: error: use of undefined value '%nope'
func.func @f() {
  %0 = stablehlo.negate %nope : tensor<f32>
  func.return
}
