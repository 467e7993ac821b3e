// ERROR: chlo_is_inf_result.mlir:4:8: error: 'chlo.is_inf' result type tensor<2xf32> should be tensor<2xi1>
func.func @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = chlo.is_inf %0 : tensor<2xf32> -> tensor<2xf32>
  func.return %1 : tensor<2xf32>
}
