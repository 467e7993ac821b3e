// Element-wise add in f8E4M3FN: each sum is rounded once into the format.
func.func @main(%x: tensor<4xf8E4M3FN>, %y: tensor<4xf8E4M3FN>) -> tensor<4xf8E4M3FN> {
  %0 = stablehlo.add %x, %y : tensor<4xf8E4M3FN>
  return %0 : tensor<4xf8E4M3FN>
}
