// ERROR: non_ascii.mlir:3:40: error: invalid hex digit in hex string
func.func @f() {
  %0 = stablehlo.constant dense<"0x0000ÿ803F"> : tensor<f32>
  func.return
}
