// ERROR: batch_norm_training.mlir:3:16: error: 'stablehlo.batch_norm_training': unsupported op (REF refuses: decomposable)
func.func @main(%x: tensor<2x3xf16>, %s: tensor<3xf16>) -> tensor<2x3xf16> {
  %y, %m, %v = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 1.0e-03 : f32, feature_index = 1 : i64} : (tensor<2x3xf16>, tensor<3xf16>, tensor<3xf16>) -> (tensor<2x3xf16>, tensor<3xf16>, tensor<3xf16>)
  func.return %y : tensor<2x3xf16>
}
