// ERROR: round_nearest_afz_i32.mlir:4:8: error: 'stablehlo.round_nearest_afz' does not accept element type i32 (expected float elements)
func.func @f() {
  %0 = stablehlo.constant dense<1> : tensor<i32>
  %1 = stablehlo.round_nearest_afz %0 : tensor<i32>
  func.return
}
