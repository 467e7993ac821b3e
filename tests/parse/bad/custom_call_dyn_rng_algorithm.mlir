// ERROR: custom_call_dyn_rng_algorithm.mlir:4:10: error: '@stablehlo.dynamic_rng_bit_generator' needs rng_algorithm = #stablehlo<rng_algorithm DEFAULT|THREE_FRY|PHILOX>
func.func @main(%s: tensor<2xui64>, %n: tensor<2xi32>) -> tensor<?x4xui32> {
  // no rng_algorithm
  %r:2 = stablehlo.custom_call @stablehlo.dynamic_rng_bit_generator(%s, %n) : (tensor<2xui64>, tensor<2xi32>) -> (tensor<2xui64>, tensor<?x4xui32>)
  func.return %r#1 : tensor<?x4xui32>
}
