// ERROR: shift_amount_type.mlir:3:8: error: 'stablehlo.shift_right_arithmetic' requires lhs and rhs to have the same type, got tensor<2xi32> and tensor<2xui32>
func.func @main(%a: tensor<2xi32>, %b: tensor<2xui32>) -> tensor<2xi32> {
  %0 = "stablehlo.shift_right_arithmetic"(%a, %b) : (tensor<2xi32>, tensor<2xui32>) -> tensor<2xi32>
  func.return %0 : tensor<2xi32>
}
