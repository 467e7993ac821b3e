// ERROR: custom_call_topk_reduction_dim.mlir:9:8: error: '@ApproxTopK' reduction_dim 1 is out of range for tensor<3xf32>
func.func @gt(%a: tensor<f32>, %b: tensor<f32>) -> tensor<i1> {
  %0 = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
  func.return %0 : tensor<i1>
}
func.func @main() {
  %x = stablehlo.constant dense<[1.0, 3.0, 2.0]> : tensor<3xf32>
  %s = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = stablehlo.custom_call @ApproxTopK(%x, %s) {called_computations = [@gt], mhlo.backend_config = {aggregate_to_topk = true, recall_target = 0.95 : f32, reduction_dim = 1 : i64, reduction_input_size_override = -1 : i64, top_k = 2 : i64}} : (tensor<3xf32>, tensor<f32>) -> tensor<2xf32>
  func.return
}
