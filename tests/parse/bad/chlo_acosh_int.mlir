// ERROR: chlo_acosh_int.mlir:4:8: error: 'chlo.acosh' does not take element type i32 (ir-run decomposes it on f8E4M3B11FNUZ, f8E4M3FN, f8E4M3FNUZ, f8E5M2, f8E5M2FNUZ, f16, bf16, f32, f64, complex<f32> and complex<f64>: docs/chlo.md)
func.func @main() -> tensor<2xi32> {
  %0 = stablehlo.constant dense<2> : tensor<2xi32>
  %1 = chlo.acosh %0 : tensor<2xi32> -> tensor<2xi32>
  func.return %1 : tensor<2xi32>
}
