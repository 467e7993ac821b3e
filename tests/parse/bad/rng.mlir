// ERROR: rng.mlir:7:8: error: 'stablehlo.rng': unsupported op (REF refuses: decomposable)
// SPEC 9.5.6, decision 41: REF refuses rng; ir-run parses it and refuses it at check time
func.func @main() -> tensor<2x3xf32> {
  %a = stablehlo.constant dense<0.0> : tensor<f32>
  %b = stablehlo.constant dense<1.0> : tensor<f32>
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %r = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<2x3xf32>
  func.return %r : tensor<2x3xf32>
}
