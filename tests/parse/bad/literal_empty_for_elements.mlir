// ERROR: literal_empty_for_elements.mlir:3:33: error: empty dense literal for 2 elements
func.func @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<> : tensor<2xf32>
  func.return %0 : tensor<2xf32>
}
