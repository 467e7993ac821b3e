// ERROR: absurd_shape.mlir:3:40: error: tensor type has too many elements (the limit is 2^36)
func.func @f() {
  %0 = stablehlo.constant dense<1.0> : tensor<99999999999x99999999999xf32>
  func.return
}
