// ERROR: dynamic_update_slice_result_type.mlir:7:8: error: 'stablehlo.dynamic_update_slice' result type tensor<4x4xi64> should be tensor<4x4xi32>
func.func @f() {
  %x = stablehlo.constant dense<0> : tensor<4x4xi32>
  %u = stablehlo.constant dense<0> : tensor<2x2xi32>
  %s0 = stablehlo.constant dense<0> : tensor<i64>
  %s1 = stablehlo.constant dense<0> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %x, %u, %s0, %s1 : (tensor<4x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>) -> tensor<4x4xi64>
  func.return
}
