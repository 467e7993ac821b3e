// ERROR: shift_left_float.mlir:4:8: error: 'stablehlo.shift_left' does not accept element type f32 (expected integer elements)
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  // shifts take integers only (SPEC 9.5.1)
  %0 = stablehlo.shift_left %a, %a : tensor<2xf32>
  func.return %0 : tensor<2xf32>
}
