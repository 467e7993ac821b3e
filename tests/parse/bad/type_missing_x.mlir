// ERROR: type_missing_x.mlir:3:49: error: expected 'x' after a dimension in tensor type
func.func @main() -> tensor<2x3xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2 3xf32>
  func.return %0 : tensor<2x3xf32>
}
