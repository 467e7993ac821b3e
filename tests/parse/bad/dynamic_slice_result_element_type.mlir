// ERROR: dynamic_slice_result_element_type.mlir:6:8: error: 'stablehlo.dynamic_slice' result type tensor<2x2xf32> should be tensor<2x2xi32>
func.func @f() {
  %x = stablehlo.constant dense<0> : tensor<4x4xi32>
  %s0 = stablehlo.constant dense<0> : tensor<i64>
  %s1 = stablehlo.constant dense<0> : tensor<i64>
  %r = stablehlo.dynamic_slice %x, %s0, %s1, sizes = [2, 2] : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xf32>
  func.return
}
