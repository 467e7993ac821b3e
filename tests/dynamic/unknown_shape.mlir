// ARGS: --args '[dense<1.0> : tensor<2xf32>, dense<[3]> : tensor<1xi32>]'
// ERROR: 'stablehlo.dynamic_broadcast_in_dim' shape operand is not a constant after refinement
func.func @main(%x: tensor<?xf32>, %s: tensor<1xi32>) -> tensor<?xf32> {
  %b = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0] : (tensor<?xf32>, tensor<1xi32>) -> tensor<?xf32>
  func.return %b : tensor<?xf32>
}
