// stablehlo.tan is VHLO's tan_v1 from 1.4.0 on
func.func @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<[0.0, 1.0]> : tensor<2xf32>
  %1 = stablehlo.tan %0 : tensor<2xf32>
  return %1 : tensor<2xf32>
}
