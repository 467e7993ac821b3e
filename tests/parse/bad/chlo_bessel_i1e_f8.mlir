// ERROR: chlo_bessel_i1e_f8.mlir:4:8: error: 'chlo.bessel_i1e' does not take element type f8E5M2 (ir-run decomposes it on f16, bf16, f32 and f64: docs/chlo.md)
func.func @main() -> tensor<2xf8E5M2> {
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf8E5M2>
  %1 = chlo.bessel_i1e %0 : tensor<2xf8E5M2> -> tensor<2xf8E5M2>
  func.return %1 : tensor<2xf8E5M2>
}
