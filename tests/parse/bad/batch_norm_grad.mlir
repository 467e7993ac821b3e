// ERROR: batch_norm_grad.mlir:3:21: error: 'stablehlo.batch_norm_grad': unsupported op (REF refuses: decomposable)
func.func @main(%x: tensor<4x2xf64>, %s: tensor<2xf64>) -> tensor<4x2xf64> {
  %dx, %ds, %doff = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %x) {epsilon = 1.0e-05 : f32, feature_index = 1 : i64} : (tensor<4x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<4x2xf64>) -> (tensor<4x2xf64>, tensor<2xf64>, tensor<2xf64>)
  func.return %dx : tensor<4x2xf64>
}
