// ERROR: bounds_static_dim.mlir:2:52: error: a bound is only allowed on a dynamic dimension ('?'), not on dimension 0 of size 2
func.func @f(%a: tensor<2x?xf32, #stablehlo.bounds<4, ?>>) {
  func.return
}
