// ERROR: dynamic_slice_sizes_length.mlir:6:8: error: 'stablehlo.dynamic_slice' slice_sizes has 1 entries but the operand rank is 2
func.func @f() {
  %x = stablehlo.constant dense<0> : tensor<4x4xi32>
  %s0 = stablehlo.constant dense<0> : tensor<i64>
  %s1 = stablehlo.constant dense<0> : tensor<i64>
  %r = stablehlo.dynamic_slice %x, %s0, %s1, sizes = [2] : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2xi32>
  func.return
}
