// ERROR: unsupported_generic.mlir:3:8: error: unsupported op 'stablehlo.rng'
func.func @f() {
  %0 = "stablehlo.rng"() : () -> tensor<f32>
  func.return
}
