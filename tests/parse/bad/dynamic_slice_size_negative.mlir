// ERROR: dynamic_slice_size_negative.mlir:6:8: error: 'stablehlo.dynamic_slice' slice size -1 of dimension 0 is out of range [0, 4]
func.func @f() {
  %x = stablehlo.constant dense<0> : tensor<4x4xi32>
  %s0 = stablehlo.constant dense<0> : tensor<i64>
  %s1 = stablehlo.constant dense<0> : tensor<i64>
  %r = stablehlo.dynamic_slice %x, %s0, %s1, sizes = [-1, 2] : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>
  func.return
}
