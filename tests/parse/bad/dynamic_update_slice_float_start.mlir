// ERROR: dynamic_update_slice_float_start.mlir:7:52: error: 'stablehlo.dynamic_update_slice' start index #1 must be a rank-0 integer, got tensor<bf16>
func.func @f() {
  %x = stablehlo.constant dense<0> : tensor<4x4xi32>
  %u = stablehlo.constant dense<0> : tensor<2x2xi32>
  %s0 = stablehlo.constant dense<0> : tensor<i64>
  %s1 = stablehlo.constant dense<0.0> : tensor<bf16>
  %r = stablehlo.dynamic_update_slice %x, %u, %s0, %s1 : (tensor<4x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<bf16>) -> tensor<4x4xi32>
  func.return
}
