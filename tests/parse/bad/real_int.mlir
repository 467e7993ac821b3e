// ERROR: real_int.mlir:3:8: error: 'stablehlo.real' does not accept element type i8 (expected float or complex elements)
func.func @main(%a: tensor<2xi8>) -> tensor<2xi8> {
  %0 = stablehlo.real %a : tensor<2xi8>
  func.return %0 : tensor<2xi8>
}
