// ERROR: dynamic_slice_float_start.mlir:6:36: error: 'stablehlo.dynamic_slice' start index #0 must be a rank-0 integer, got tensor<f32>
func.func @f() {
  %x = stablehlo.constant dense<0> : tensor<4x4xi32>
  %s0 = stablehlo.constant dense<0.0> : tensor<f32>
  %s1 = stablehlo.constant dense<0> : tensor<i64>
  %r = stablehlo.dynamic_slice %x, %s0, %s1, sizes = [2, 2] : (tensor<4x4xi32>, tensor<f32>, tensor<i64>) -> tensor<2x2xi32>
  func.return
}
