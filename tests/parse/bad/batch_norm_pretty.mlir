// ERROR: batch_norm_pretty.mlir:3:8: error: 'stablehlo.batch_norm_inference' is written only in the generic form ("stablehlo.batch_norm_inference"(...) ...)
func.func @main(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  %y = stablehlo.batch_norm_inference %x, %s, %s, %s, %s : tensor<2x3xf32>
  func.return %y : tensor<2x3xf32>
}
