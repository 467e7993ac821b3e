// ERROR: chlo_erf_operands.mlir:4:8: error: 'chlo.erf' takes one operand and has one result
func.func @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = "chlo.erf"(%0, %0) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  func.return %1 : tensor<2xf32>
}
