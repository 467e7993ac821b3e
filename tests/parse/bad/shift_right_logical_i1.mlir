// ERROR: shift_right_logical_i1.mlir:3:8: error: 'stablehlo.shift_right_logical' does not accept element type i1 (expected integer elements)
func.func @main(%a: tensor<2xi1>) -> tensor<2xi1> {
  %0 = stablehlo.shift_right_logical %a, %a : tensor<2xi1>
  func.return %0 : tensor<2xi1>
}
