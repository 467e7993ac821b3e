// ERROR: custom_call_dyn_rng_state.mlir:4:69: error: '@stablehlo.dynamic_rng_bit_generator' initial_state and output_state must be tensors of one type of integers or floats, got tensor<2xui64> and tensor<3xui64>
func.func @main(%s: tensor<2xui64>, %n: tensor<2xi32>) -> tensor<?x4xui32> {
  // the state changes its shape
  %r:2 = stablehlo.custom_call @stablehlo.dynamic_rng_bit_generator(%s, %n) {rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>} : (tensor<2xui64>, tensor<2xi32>) -> (tensor<3xui64>, tensor<?x4xui32>)
  func.return %r#1 : tensor<?x4xui32>
}
