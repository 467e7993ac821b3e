// ERROR: chlo_erf_operand_type.mlir:4:17: error: 'chlo.erf' operand #0 '%0' has type tensor<2xf32> but the op's type says tensor<2xf64>
func.func @main() -> tensor<2xf64> {
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = chlo.erf %0 : tensor<2xf64> -> tensor<2xf64>
  func.return %1 : tensor<2xf64>
}
