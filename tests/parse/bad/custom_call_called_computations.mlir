// ERROR: custom_call_called_computations.mlir:4:45: error: '@mosaic_gpu_v2' attribute 'called_computations' must be a list of functions
func.func @f() {
  %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
  stablehlo.custom_call @mosaic_gpu_v2(%0) {called_computations = "f"} : (tensor<2xf32>) -> ()
  func.return
}
