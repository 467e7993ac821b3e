// ERROR: custom_call_threefry_type.mlir:5:62: error: '@hip_threefry2x32_ffi' operands and results must be ui32 tensors of one shape, got tensor<2xui32> and tensor<2xi32>
func.func @f() {
  %k = stablehlo.constant dense<1> : tensor<2xui32>
  %x = stablehlo.constant dense<1> : tensor<2xi32>
  %0:2 = stablehlo.custom_call @hip_threefry2x32_ffi(%k, %k, %x, %k) : (tensor<2xui32>, tensor<2xui32>, tensor<2xi32>, tensor<2xui32>) -> (tensor<2xui32>, tensor<2xui32>)
  func.return
}
