// ERROR: custom_call_dyn_rng_shape.mlir:4:73: error: '@stablehlo.dynamic_rng_bit_generator' output must be a tensor of integers or floats and output_shape a tensor<2xiN> of integers (one per output dimension), got tensor<?x4xui32> and tensor<2xf32>
func.func @main(%s: tensor<2xui64>, %f: tensor<2xf32>) -> tensor<?x4xui32> {
  // output_shape of floats
  %r:2 = stablehlo.custom_call @stablehlo.dynamic_rng_bit_generator(%s, %f) {rng_algorithm = #stablehlo<rng_algorithm PHILOX>} : (tensor<2xui64>, tensor<2xf32>) -> (tensor<2xui64>, tensor<?x4xui32>)
  func.return %r#1 : tensor<?x4xui32>
}
