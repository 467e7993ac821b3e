// ARGS: --args '[dense<[1, 2]> : tensor<2xui64>, dense<0.0> : tensor<3x2xf32>]'
// ERROR: '@stablehlo.dynamic_rng_bit_generator' refines to 'stablehlo.rng_bit_generator' with output tensor<6x4xui32>, which ir-run refuses
// JAX's random bits on a `?` shape (b0 * b1, 4): refined, then refused as rng_bit_generator is
func.func @main(%key: tensor<2xui64>, %a: tensor<?x?xf32>) -> tensor<?x4xui32> {
  %d0 = stablehlo.get_dimension_size %a, dim = 0 : (tensor<?x?xf32>) -> tensor<i32>
  %d1 = stablehlo.get_dimension_size %a, dim = 1 : (tensor<?x?xf32>) -> tensor<i32>
  %n = stablehlo.multiply %d0, %d1 : tensor<i32>
  %n1 = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %four = stablehlo.constant dense<4> : tensor<1xi32>
  %shape = stablehlo.concatenate %n1, %four, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %r:2 = stablehlo.custom_call @stablehlo.dynamic_rng_bit_generator(%key, %shape) {api_version = 2 : i32, rng_algorithm = #stablehlo<rng_algorithm DEFAULT>} : (tensor<2xui64>, tensor<2xi32>) -> (tensor<2xui64>, tensor<?x4xui32>)
  func.return %r#1 : tensor<?x4xui32>
}
