// ERROR: call_result_type.mlir:7:8: error: 'func.call' result #0 has type tensor<i32> but '@g' returns tensor<f32>
func.func @g() -> tensor<f32> {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  func.return %0 : tensor<f32>
}
func.func @main() -> tensor<i32> {
  %0 = func.call @g() : () -> tensor<i32>
  func.return %0 : tensor<i32>
}
