// ERROR: constant_type_differs.mlir:3:8: error: 'stablehlo.constant' result type tensor<3xf32> differs from the literal's type tensor<2xf32>
func.func @main() -> tensor<3xf32> {
  %0 = "stablehlo.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}
