// ERROR: dot_contract_sizes_differ.mlir:4:8: error: 'stablehlo.dot_general' (C10) contracting dimensions lhs 1 (size 3) and rhs 0 (size 2) differ
func.func @main() -> tensor<2x3xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2x3xf32>
  %1 = stablehlo.dot_general %0, %0, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %1 : tensor<2x3xf32>
}
