// ERROR: clamp_elem_differs.mlir:5:8: error: 'stablehlo.clamp' requires equal element types, got tensor<f16>, tensor<2xf32> and tensor<f16>
func.func @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
  %m = stablehlo.constant dense<1.0> : tensor<f16>
  %1 = stablehlo.clamp %m, %0, %m : (tensor<f16>, tensor<2xf32>, tensor<f16>) -> tensor<2xf32>
  func.return %1 : tensor<2xf32>
}
