// ERROR: chlo_zeta_f4.mlir:4:8: error: 'chlo.broadcast_zeta' does not take element type f4E2M1FN (as 'chlo.zeta')
func.func @main() -> tensor<2xf4E2M1FN> {
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf4E2M1FN>
  %1 = chlo.broadcast_zeta %0, %0 : (tensor<2xf4E2M1FN>, tensor<2xf4E2M1FN>) -> tensor<2xf4E2M1FN>
  func.return %1 : tensor<2xf4E2M1FN>
}
