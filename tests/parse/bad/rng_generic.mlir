// ERROR: rng_generic.mlir:4:8: error: 'stablehlo.rng': unsupported op (REF refuses: decomposable)
func.func @main(%s: tensor<1xi64>) -> tensor<4xi32> {
  %a = stablehlo.constant dense<0> : tensor<i32>
  %r = "stablehlo.rng"(%a, %a, %s) {rng_distribution = #stablehlo<rng_distribution NORMAL>} : (tensor<i32>, tensor<i32>, tensor<1xi64>) -> tensor<4xi32>
  func.return %r : tensor<4xi32>
}
