// ERROR: is_finite_int.mlir:3:8: error: 'stablehlo.is_finite' does not accept element type i32 (expected float elements)
func.func @main(%a: tensor<3xi32>) -> tensor<3xi1> {
  %0 = stablehlo.is_finite %a : (tensor<3xi32>) -> tensor<3xi1>
  func.return %0 : tensor<3xi1>
}
