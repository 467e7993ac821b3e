// ERROR: add_types_differ.mlir:5:8: error: 'stablehlo.add' requires lhs and rhs to have the same type, got tensor<2xf32> and tensor<3xf32>
func.func @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
  %b = stablehlo.constant dense<1.0> : tensor<3xf32>
  %1 = stablehlo.add %0, %b : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  func.return %1 : tensor<2xf32>
}
