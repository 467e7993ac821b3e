// ERROR: call_arg_type.mlir:7:21: error: 'func.call' argument #0 has type tensor<i32> but '@g' expects tensor<f32>
func.func @g(%x: tensor<f32>) -> tensor<f32> {
  func.return %x : tensor<f32>
}
func.func @main() -> tensor<f32> {
  %0 = stablehlo.constant dense<1> : tensor<i32>
  %1 = func.call @g(%0) : (tensor<i32>) -> tensor<f32>
  func.return %1 : tensor<f32>
}
