// ERROR: rng_bit_generator_generic.mlir:3:12: error: 'stablehlo.rng_bit_generator': unsupported op (REF refuses: decomposable)
func.func @main(%state: tensor<4xui32>) -> tensor<8xui64> {
  %n, %v = "stablehlo.rng_bit_generator"(%state) {rng_algorithm = #stablehlo<rng_algorithm PHILOX>} : (tensor<4xui32>) -> (tensor<4xui32>, tensor<8xui64>)
  func.return %v : tensor<8xui64>
}
