// ERROR: custom_call_target.mlir:4:3: error: unsupported custom call target '@foo' (only the check.* targets of SPEC 5.6 run)
func.func @f() {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  stablehlo.custom_call @foo(%0) {has_side_effect = true} : (tensor<f32>) -> ()
  func.return
}
