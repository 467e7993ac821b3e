// ERROR: complex_parts_differ.mlir:3:8: error: 'stablehlo.complex' requires lhs and rhs to have the same type, got tensor<2xf32> and tensor<2xf64>
func.func @main(%a: tensor<2xf32>, %b: tensor<2xf64>) -> tensor<2xcomplex<f64>> {
  %0 = stablehlo.complex %a, %b : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xcomplex<f64>>
  func.return %0 : tensor<2xcomplex<f64>>
}
