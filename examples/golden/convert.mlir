// f32 to bf16 and to f4E2M1FN: two results, one rounding each.
func.func @main(%x: tensor<2x2xf32>) -> (tensor<2x2xbf16>, tensor<2x2xf4E2M1FN>) {
  %0 = stablehlo.convert %x : (tensor<2x2xf32>) -> tensor<2x2xbf16>
  %1 = stablehlo.convert %x : (tensor<2x2xf32>) -> tensor<2x2xf4E2M1FN>
  return %0, %1 : tensor<2x2xbf16>, tensor<2x2xf4E2M1FN>
}
