// ERROR: dot_legacy_contract_differs.mlir:4:8: error: 'stablehlo.dot' contracting dimensions differ: tensor<2x3xf32> and tensor<2x3xf32>
func.func @main() -> tensor<2x3xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2x3xf32>
  %1 = stablehlo.dot %0, %0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %1 : tensor<2x3xf32>
}
