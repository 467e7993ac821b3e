// ERROR: chlo_lgamma_f8.mlir:4:8: error: 'chlo.lgamma' does not take element type f8E4M3 (ir-run decomposes it on f8E4M3B11FNUZ, f8E4M3FN, f8E4M3FNUZ, f8E5M2, f8E5M2FNUZ, f16, bf16 (computed in f32), f32 and f64: docs/chlo.md)
func.func @main() -> tensor<2xf8E4M3> {
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf8E4M3>
  %1 = chlo.lgamma %0 : tensor<2xf8E4M3> -> tensor<2xf8E4M3>
  func.return %1 : tensor<2xf8E4M3>
}
