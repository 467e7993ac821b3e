// ERROR: infeed_result.mlir:3:13: error: 'stablehlo.infeed' result #0 must be a tensor, got !stablehlo.token
func.func @f(%x: tensor<4xf32>, %y: tensor<3xf32>, %m: tensor<4x2xf32>, %h: tensor<2xf16>, %roots: tensor<2xi32>, %t: !stablehlo.token) {
  %v, %t1 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (!stablehlo.token, !stablehlo.token)
  func.return
}
