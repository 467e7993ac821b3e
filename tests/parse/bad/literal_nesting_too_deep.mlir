// ERROR: literal_nesting_too_deep.mlir:3:34: error: dense literal nesting is deeper than the rank 1 of the type
func.func @main() -> tensor<1xf32> {
  %0 = stablehlo.constant dense<[[1.0]]> : tensor<1xf32>
  func.return %0 : tensor<1xf32>
}
