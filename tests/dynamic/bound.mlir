// ARGS: --args '[dense<[1,2,3,4,5]> : tensor<5xi32>]'
// ERROR: invalid refinement for argument 0: dimension 0 of tensor<5xi32> is 5, above the bound 4 of tensor<?xi32, #stablehlo.bounds<4>>
func.func @main(%a: tensor<?xi32, #stablehlo.bounds<4>>) -> tensor<?xi32, #stablehlo.bounds<4>> {
  func.return %a : tensor<?xi32, #stablehlo.bounds<4>>
}
