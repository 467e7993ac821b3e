// ERROR: result_number.mlir:4:25: error: result number #2 out of range: '%0' has 2 results
func.func @f() {
  %0:2 = func.call @g() : () -> (tensor<f32>, tensor<f32>)
  %1 = stablehlo.negate %0#2 : tensor<f32>
  func.return
}
func.func @g() -> (tensor<f32>, tensor<f32>) {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  func.return %0, %0 : tensor<f32>, tensor<f32>
}
