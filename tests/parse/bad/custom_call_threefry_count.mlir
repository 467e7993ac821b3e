// ERROR: custom_call_threefry_count.mlir:4:8: error: '@cu_threefry2x32_ffi' takes key0, key1, x0, x1 and returns y0, y1, got 4 operands and 1 results
func.func @f() {
  %k = stablehlo.constant dense<1> : tensor<2xui32>
  %0 = stablehlo.custom_call @cu_threefry2x32_ffi(%k, %k, %k, %k) : (tensor<2xui32>, tensor<2xui32>, tensor<2xui32>, tensor<2xui32>) -> tensor<2xui32>
  func.return
}
