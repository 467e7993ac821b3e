// ERROR: batch_norm_inference.mlir:4:8: error: 'stablehlo.batch_norm_inference': unsupported op (REF refuses: decomposable)
func.func @main(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // SPEC 9.5.7: decomposable, refused (decision 41)
  %y = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) {epsilon = 1.0e-03 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  func.return %y : tensor<2x3xf32>
}
