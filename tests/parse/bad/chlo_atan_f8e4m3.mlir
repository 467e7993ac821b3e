// ERROR: chlo_atan_f8e4m3.mlir:3:8: error: 'chlo.atan' does not take element type f8E4M3 (ir-run decomposes it on f8E4M3B11FNUZ, f8E4M3FN, f8E4M3FNUZ, f8E5M2, f8E5M2FNUZ, f16, bf16, f32, f64, complex<f32> and complex<f64>: docs/chlo.md)
func.func @main(%a: tensor<2xf8E4M3>) -> tensor<2xf8E4M3> {
  %0 = chlo.atan %a : tensor<2xf8E4M3> -> tensor<2xf8E4M3>
  func.return %0 : tensor<2xf8E4M3>
}
