// ERROR: unsupported_generic.mlir:3:8: error: unsupported op 'stablehlo.set_dimension_size' (docs/ops.md lists the supported ops)
func.func @f() {
  %0 = "stablehlo.set_dimension_size"() : () -> tensor<f32>
  func.return
}
