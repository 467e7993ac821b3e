// ERROR: chlo_is_inf_f8.mlir:4:8: error: 'chlo.is_inf' does not take element type f8E4M3FN (ir-run decomposes it on f8E5M2, f16, bf16, f32 and f64: docs/chlo.md)
func.func @main() -> tensor<2xi1> {
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf8E4M3FN>
  %1 = chlo.is_inf %0 : tensor<2xf8E4M3FN> -> tensor<2xi1>
  func.return %1 : tensor<2xi1>
}
