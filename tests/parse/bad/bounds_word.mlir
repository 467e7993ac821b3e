// ERROR: bounds_word.mlir:2:55: error: expected a bound (an integer) or '?' in #stablehlo.bounds
func.func @f(%a: tensor<?x?xf32, #stablehlo.bounds<?, n>>) {
  func.return
}
