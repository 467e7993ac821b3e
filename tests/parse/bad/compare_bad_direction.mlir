// ERROR: compare_bad_direction.mlir:4:70: error: 'stablehlo.compare' has an invalid comparison_direction 'XX'
func.func @main() -> tensor<i1> {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  %1 = "stablehlo.compare"(%0, %0) {comparison_direction = #stablehlo<comparison_direction XX>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
  func.return %1 : tensor<i1>
}
