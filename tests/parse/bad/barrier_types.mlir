// ERROR: barrier_types.mlir:4:8: error: 'stablehlo.optimization_barrier' result #0 has type tensor<f16> but operand #0 has type tensor<f32>
func.func @f() {
  %a = stablehlo.constant dense<1.0> : tensor<f32>
  %r = "stablehlo.optimization_barrier"(%a) : (tensor<f32>) -> tensor<f16>
  func.return
}
