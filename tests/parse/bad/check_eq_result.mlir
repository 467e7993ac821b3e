// ERROR: check_eq_result.mlir:4:8: error: 'stablehlo.custom_call @check.eq' must return tensor<i1>, got tensor<f32>
func.func @main() -> () {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  %1 = stablehlo.custom_call @check.eq(%0, %0) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  func.return
}
