// ERROR: complex_single_type.mlir:4:26: error: 'stablehlo.complex' operand #0 '%a' has type tensor<2xcomplex<f32>> but the op's type says tensor<2xf32>
// `: T` names the result: the operands are its parts (f32), not complex values
func.func @main(%a: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  %0 = stablehlo.complex %a, %a : tensor<2xcomplex<f32>>
  func.return %0 : tensor<2xcomplex<f32>>
}
