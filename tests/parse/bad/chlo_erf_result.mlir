// ERROR: chlo_erf_result.mlir:4:8: error: 'chlo.erf' result type tensor<3xf32> should be tensor<2xf32>
func.func @main() -> tensor<3xf32> {
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = chlo.erf %0 : tensor<2xf32> -> tensor<3xf32>
  func.return %1 : tensor<3xf32>
}
