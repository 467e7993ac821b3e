// ERROR: unsupported_generic.mlir:3:8: error: unsupported op 'stablehlo.while'
func.func @f() {
  %0 = "stablehlo.while"() : () -> tensor<f32>
  func.return
}
