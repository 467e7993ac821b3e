// ERROR: chlo_erf_f8.mlir:4:8: error: 'chlo.erf' does not take element type f8E4M3FN (ir-run decomposes it on f16, bf16, f32 and f64: docs/chlo.md)
func.func @main() -> tensor<2xf8E4M3FN> {
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf8E4M3FN>
  %1 = chlo.erf %0 : tensor<2xf8E4M3FN> -> tensor<2xf8E4M3FN>
  func.return %1 : tensor<2xf8E4M3FN>
}
