// ERROR: iota_i1.mlir:3:8: error: 'stablehlo.iota' does not accept element type i1 (expected integer, float or complex elements)
func.func @f() {
  %0 = stablehlo.iota dim = 0 : tensor<4xi1>
  func.return
}
