// ERROR: triangular_solve_int.mlir:5:8: error: 'stablehlo.triangular_solve' does not accept element type i32 (expected float or complex)
func.func @f() {
  %a = stablehlo.constant dense<1> : tensor<2x2xi32>
  %b = stablehlo.constant dense<1> : tensor<2x1xi32>
  %x = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x2xi32>, tensor<2x1xi32>) -> tensor<2x1xi32>
  func.return
}
