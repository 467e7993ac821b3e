// ERROR: compare_direction_kind.mlir:4:70: error: 'stablehlo.compare' attribute 'comparison_direction' must be a comparison_direction, got a comparison_type
func.func @main() -> tensor<i1> {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  %1 = "stablehlo.compare"(%0, %0) {comparison_direction = #stablehlo<comparison_type FLOAT>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
  func.return %1 : tensor<i1>
}
