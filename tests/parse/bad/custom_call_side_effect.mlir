// ERROR: custom_call_side_effect.mlir:4:65: error: '@tpu_custom_call' attribute 'has_side_effect' must be true or false
func.func @f() {
  %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
  stablehlo.custom_call @tpu_custom_call(%0) {has_side_effect = 1 : i32} : (tensor<2xf32>) -> ()
  func.return
}
