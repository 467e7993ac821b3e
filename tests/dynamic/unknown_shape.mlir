// ARGS: --args '[dense<1.0> : tensor<2xf32>, dense<[3.0]> : tensor<1xf32>]'
// ERROR: 'stablehlo.dynamic_broadcast_in_dim' shape operands are not constants after refinement, so its result tensor<?xf32> stays dynamic
func.func @main(%x: tensor<?xf32>, %f: tensor<1xf32>) -> tensor<?xf32> {
  %s = stablehlo.convert %f : (tensor<1xf32>) -> tensor<1xi32>
  %b = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0] : (tensor<?xf32>, tensor<1xi32>) -> tensor<?xf32>
  func.return %b : tensor<?xf32>
}
