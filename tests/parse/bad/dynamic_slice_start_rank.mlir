// ERROR: dynamic_slice_start_rank.mlir:6:41: error: 'stablehlo.dynamic_slice' start index #1 must be a rank-0 integer, got tensor<1xi64>
func.func @f() {
  %x = stablehlo.constant dense<0> : tensor<4x4xi32>
  %s0 = stablehlo.constant dense<0> : tensor<i64>
  %s1 = stablehlo.constant dense<0> : tensor<1xi64>
  %r = stablehlo.dynamic_slice %x, %s0, %s1, sizes = [2, 2] : (tensor<4x4xi32>, tensor<i64>, tensor<1xi64>) -> tensor<2x2xi32>
  func.return
}
