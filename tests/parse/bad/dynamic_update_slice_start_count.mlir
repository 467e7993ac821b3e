// ERROR: dynamic_update_slice_start_count.mlir:8:8: error: 'stablehlo.dynamic_update_slice' needs 2 start indices (one per dimension), got 3
func.func @f() {
  %x = stablehlo.constant dense<0> : tensor<4x4xi32>
  %u = stablehlo.constant dense<0> : tensor<2x2xi32>
  %s0 = stablehlo.constant dense<0> : tensor<i64>
  %s1 = stablehlo.constant dense<0> : tensor<i64>
  %s2 = stablehlo.constant dense<0> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %x, %u, %s0, %s1, %s2 : (tensor<4x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<4x4xi32>
  func.return
}
