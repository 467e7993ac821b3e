// ERROR: chlo_next_after_f6.mlir:3:8: error: 'chlo.next_after' does not take element type f6E3M2FN (ir-run decomposes it on f8E4M3B11FNUZ, f8E4M3FN, f8E4M3FNUZ, f8E5M2, f8E5M2FNUZ, f16, bf16, f32 and f64: docs/chlo.md)
func.func @main(%a: tensor<2xf6E3M2FN>) -> tensor<2xf6E3M2FN> {
  %0 = chlo.next_after %a, %a : tensor<2xf6E3M2FN>, tensor<2xf6E3M2FN> -> tensor<2xf6E3M2FN>
  func.return %0 : tensor<2xf6E3M2FN>
}
