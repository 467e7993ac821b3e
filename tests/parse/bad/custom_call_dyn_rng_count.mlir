// ERROR: custom_call_dyn_rng_count.mlir:4:10: error: '@stablehlo.dynamic_rng_bit_generator' takes initial_state and output_shape and returns output_state and output, got 1 operands and 2 results
func.func @main(%s: tensor<2xui64>, %n: tensor<2xi32>) -> tensor<?x4xui32> {
  // one operand
  %r:2 = stablehlo.custom_call @stablehlo.dynamic_rng_bit_generator(%s) {rng_algorithm = #stablehlo<rng_algorithm DEFAULT>} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<?x4xui32>)
  func.return %r#1 : tensor<?x4xui32>
}
