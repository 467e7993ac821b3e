// ERROR: concat_elem_differs.mlir:5:34: error: 'stablehlo.concatenate' operand #1 has type tensor<2xf16>, incompatible with tensor<2xf32>
func.func @main() -> tensor<4xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
  %b = stablehlo.constant dense<1.0> : tensor<2xf16>
  %1 = stablehlo.concatenate %0, %b, dim = 0 : (tensor<2xf32>, tensor<2xf16>) -> tensor<4xf32>
  func.return %1 : tensor<4xf32>
}
