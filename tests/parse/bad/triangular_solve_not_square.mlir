// ERROR: triangular_solve_not_square.mlir:5:37: error: 'stablehlo.triangular_solve' a must be square in its last two dimensions, got tensor<2x3xf32>
func.func @f() {
  %a = stablehlo.constant dense<1.0> : tensor<2x3xf32>
  %b = stablehlo.constant dense<1.0> : tensor<2x1xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>
  func.return
}
