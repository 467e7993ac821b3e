// ERROR: map_no_operands.mlir:3:8: error: 'stablehlo.map' needs at least one operand
func.func @f() {
  %r = "stablehlo.map"() ({
    %y = stablehlo.constant dense<1.0> : tensor<f32>
    stablehlo.return %y : tensor<f32>
  }) {dimensions = array<i64>} : () -> tensor<f32>
  func.return
}
