// ERROR: dot_dim_out_of_range.mlir:4:8: error: 'stablehlo.dot_general' (C5-C8) lhs contracting dimension 5 is out of range [0, 2)
func.func @main() -> tensor<2x2xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %1 = stablehlo.dot_general %0, %0, contracting_dims = [5] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return %1 : tensor<2x2xf32>
}
