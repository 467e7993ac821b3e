// ERROR: bad_iota.mlir:3:8: error: 'stablehlo.iota' iota_dimension 2 must be less than the rank 2
func.func @f() {
  %0 = stablehlo.iota dim = 2 : tensor<2x3xf32>
  func.return
}
