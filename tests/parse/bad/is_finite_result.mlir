// ERROR: is_finite_result.mlir:4:8: error: 'stablehlo.is_finite' of tensor<3xf8E4M3FN> returns tensor<3xi1>, got tensor<3xf8E4M3FN>
func.func @main(%a: tensor<3xf8E4M3FN>) -> tensor<3xf8E4M3FN> {
  // the pretty form `: T` names operand and result alike: a float result
  %0 = stablehlo.is_finite %a : tensor<3xf8E4M3FN>
  func.return %0 : tensor<3xf8E4M3FN>
}
