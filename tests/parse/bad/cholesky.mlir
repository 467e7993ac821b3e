// ERROR: cholesky.mlir:4:8: error: 'stablehlo.cholesky': unsupported op (REF refuses: decomposable)
func.func @main(%a: tensor<3x3xf32>) -> tensor<3x3xf32> {
  // no rounding order is specified anywhere (SPEC 9.5.7): refused like REF
  %r = stablehlo.cholesky %a, lower = true : tensor<3x3xf32>
  func.return %r : tensor<3x3xf32>
}
