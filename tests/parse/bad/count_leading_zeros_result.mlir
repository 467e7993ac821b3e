// ERROR: count_leading_zeros_result.mlir:3:8: error: 'stablehlo.count_leading_zeros' requires operand and result to have the same type, got tensor<4xi64> and tensor<4xi32>
func.func @main(%a: tensor<4xi64>) -> tensor<4xi32> {
  %0 = stablehlo.count_leading_zeros %a : (tensor<4xi64>) -> tensor<4xi32>
  func.return %0 : tensor<4xi32>
}
