// ERROR: dynamic_update_slice_start_rank.mlir:7:47: error: 'stablehlo.dynamic_update_slice' start index #0 must be a rank-0 integer, got tensor<2xi64>
func.func @f() {
  %x = stablehlo.constant dense<0> : tensor<4x4xi32>
  %u = stablehlo.constant dense<0> : tensor<2x2xi32>
  %s0 = stablehlo.constant dense<0> : tensor<2xi64>
  %s1 = stablehlo.constant dense<0> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %x, %u, %s0, %s1 : (tensor<4x4xi32>, tensor<2x2xi32>, tensor<2xi64>, tensor<i64>) -> tensor<4x4xi32>
  func.return
}
