// ERROR: array_attr_bad_type.mlir:4:55: error: unsupported array attribute element type 'f32' (expected an integer type)
func.func @main() -> tensor<3x2xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2x3xf32>
  %1 = "stablehlo.transpose"(%0) {permutation = array<f32: 1.0, 0.0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  func.return %1 : tensor<3x2xf32>
}
