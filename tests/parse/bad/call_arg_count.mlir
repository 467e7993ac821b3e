// ERROR: call_arg_count.mlir:6:8: error: 'func.call' passes 0 arguments but '@g' takes 1
func.func @g(%x: tensor<f32>) -> tensor<f32> {
  func.return %x : tensor<f32>
}
func.func @main() -> tensor<f32> {
  %0 = func.call @g() : () -> tensor<f32>
  func.return %0 : tensor<f32>
}
