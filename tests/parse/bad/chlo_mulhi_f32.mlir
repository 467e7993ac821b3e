// ERROR: chlo_mulhi_f32.mlir:3:8: error: 'chlo.mulhi' does not take element type f32 (ir-run decomposes it on i2, i4, i8, i16, i32, i64, ui2, ui4, ui8, ui16, ui32 and ui64: docs/chlo.md)
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = chlo.mulhi %a, %a : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}
