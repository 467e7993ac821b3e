// ERROR: type_rank_17.mlir:3:79: error: tensor rank exceeds the limit of 16
func.func @main() -> () {
  %0 = stablehlo.constant dense<1.0> : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
  func.return
}
