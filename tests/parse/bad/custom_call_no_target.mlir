// ERROR: custom_call_no_target.mlir:4:3: error: 'stablehlo.custom_call' requires a call target
func.func @main() -> () {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  "stablehlo.custom_call"(%0) : (tensor<f32>) -> ()
  func.return
}
