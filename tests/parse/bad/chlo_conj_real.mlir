// ERROR: chlo_conj_real.mlir:4:8: error: 'chlo.conj' does not take element type f32 (ir-run decomposes it on complex<f32> and complex<f64>: docs/chlo.md)
func.func @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = chlo.conj %0 : tensor<2xf32> -> tensor<2xf32>
  func.return %1 : tensor<2xf32>
}
