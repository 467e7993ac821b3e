// ERROR: blob_mark_in_text.mlir:3:33: error: unexpected byte 0x03 in dense literal
func.func @main() -> tensor<4xf32> {
  %0 = stablehlo.constant dense<0> : tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
