// ERROR: dot_general_c12.mlir:4:8: error: 'stablehlo.dot_general' (C12) result type tensor<3x3xf32> should have shape tensor<2x2xf32>
func.func @f() {
  %a = stablehlo.constant dense<1.0> : tensor<2x3xf32>
  %0 = stablehlo.dot_general %a, %a, contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<3x3xf32>
  func.return
}
