// f8E4M3 is a VHLO type from 1.7.0 on
func.func @main() -> tensor<2xf8E4M3> {
  %0 = stablehlo.constant dense<[1.0, -2.0]> : tensor<2xf8E4M3>
  return %0 : tensor<2xf8E4M3>
}
