// ERROR: bounds_count.mlir:2:53: error: #stablehlo.bounds needs one entry per dimension (2)
func.func @f(%a: tensor<2x?xf32, #stablehlo.bounds<?>>) {
  func.return
}
