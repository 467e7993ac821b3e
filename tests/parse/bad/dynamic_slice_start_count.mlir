// ERROR: dynamic_slice_start_count.mlir:5:8: error: 'stablehlo.dynamic_slice' needs 2 start indices (one per dimension), got 1
func.func @f() {
  %x = stablehlo.constant dense<0> : tensor<4x4xi32>
  %s0 = stablehlo.constant dense<0> : tensor<i64>
  %r = stablehlo.dynamic_slice %x, %s0, sizes = [2, 2] : (tensor<4x4xi32>, tensor<i64>) -> tensor<2x2xi32>
  func.return
}
