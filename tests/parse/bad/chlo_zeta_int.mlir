// ERROR: chlo_zeta_int.mlir:4:8: error: 'chlo.zeta' does not take element type i32 (ir-run decomposes it on f8E4M3B11FNUZ, f8E4M3FN, f8E4M3FNUZ, f8E5M2, f8E5M2FNUZ, f16, bf16 (computed in f32), f32 and f64: docs/chlo.md)
func.func @main() {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %1 = chlo.zeta %0, %0 : tensor<2xi32>, tensor<2xi32> -> tensor<2xi32>
  func.return
}
