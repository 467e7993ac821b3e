// ERROR: chlo_square_int.mlir:3:8: error: 'chlo.square' does not take element type i32 (ir-run decomposes it on every float type (the FP4, FP6 and FP8 formats, bf16, f16, f32, f64), complex<f32> and complex<f64>: docs/chlo.md)
func.func @main(%a: tensor<2xi32>) -> tensor<2xi32> {
  %0 = chlo.square %a : tensor<2xi32> -> tensor<2xi32>
  func.return %0 : tensor<2xi32>
}
