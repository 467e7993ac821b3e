// ERROR: iota_rank0.mlir:3:8: error: 'stablehlo.iota' does not support rank-0 results
func.func @f() {
  %0 = stablehlo.iota dim = 0 : tensor<f32>
  func.return
}
