// ERROR: dot_contract_len_differs.mlir:4:8: error: 'stablehlo.dot_general' (C2) lhs and rhs contracting dimension lists differ in length: 2 vs 1
func.func @main() -> tensor<f32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %1 = stablehlo.dot_general %0, %0, contracting_dims = [0, 1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<f32>
  func.return %1 : tensor<f32>
}
