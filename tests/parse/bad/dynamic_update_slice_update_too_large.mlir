// ERROR: dynamic_update_slice_update_too_large.mlir:7:43: error: 'stablehlo.dynamic_update_slice' update tensor<5x2xi32> is larger than tensor<4x4xi32> in dimension 0
func.func @f() {
  %x = stablehlo.constant dense<0> : tensor<4x4xi32>
  %u = stablehlo.constant dense<0> : tensor<5x2xi32>
  %s0 = stablehlo.constant dense<0> : tensor<i64>
  %s1 = stablehlo.constant dense<0> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %x, %u, %s0, %s1 : (tensor<4x4xi32>, tensor<5x2xi32>, tensor<i64>, tensor<i64>) -> tensor<4x4xi32>
  func.return
}
