// ERROR: chlo_next_after_shapes.mlir:5:8: error: 'chlo.next_after' operand #1 has type tensor<1xf32>, operand #0 tensor<2xf32> (no implicit broadcasting)
func.func @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = stablehlo.constant dense<[1.0]> : tensor<1xf32>
  %2 = chlo.next_after %0, %1 : tensor<2xf32>, tensor<1xf32> -> tensor<2xf32>
  func.return %2 : tensor<2xf32>
}
