// ERROR: while_no_regions.mlir:3:8: error: 'stablehlo.while' takes 2 regions, got 0
func.func @f() {
  %0 = "stablehlo.while"() : () -> tensor<f32>
  func.return
}
