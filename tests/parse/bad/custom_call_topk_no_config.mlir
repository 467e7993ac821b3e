// ERROR: custom_call_topk_no_config.mlir:9:8: error: '@ApproxTopK' requires its mhlo.backend_config (or backend_config) dictionary
func.func @gt(%a: tensor<f32>, %b: tensor<f32>) -> tensor<i1> {
  %0 = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
  func.return %0 : tensor<i1>
}
func.func @main() {
  %x = stablehlo.constant dense<[1.0, 3.0, 2.0]> : tensor<3xf32>
  %s = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = stablehlo.custom_call @ApproxTopK(%x, %s) {called_computations = [@gt]} : (tensor<3xf32>, tensor<f32>) -> tensor<2xf32>
  func.return
}
