// ERROR: call_result_count.mlir:7:3: error: 'func.call' expects 0 results but '@g' returns 1
func.func @g() -> tensor<f32> {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  func.return %0 : tensor<f32>
}
func.func @main() {
  func.call @g() : () -> ()
  func.return
}
