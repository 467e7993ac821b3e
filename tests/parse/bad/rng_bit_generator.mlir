// ERROR: rng_bit_generator.mlir:4:12: error: 'stablehlo.rng_bit_generator': unsupported op (REF refuses: decomposable)
// no guessed bits: THREE_FRY and PHILOX streams are XLA's, DEFAULT is implementation-defined
func.func @main(%state: tensor<2xui64>) -> tensor<2x2xui32> {
  %n, %v = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui32>)
  func.return %v : tensor<2x2xui32>
}
