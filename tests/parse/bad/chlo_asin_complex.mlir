// ERROR: chlo_asin_complex.mlir:4:8: error: 'chlo.asin' does not take element type complex<f32> (ir-run decomposes it on f16, bf16, f32 and f64: docs/chlo.md)
func.func @main() -> tensor<2xcomplex<f32>> {
  %0 = stablehlo.constant dense<(1.0, 2.0)> : tensor<2xcomplex<f32>>
  %1 = chlo.asin %0 : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  func.return %1 : tensor<2xcomplex<f32>>
}
