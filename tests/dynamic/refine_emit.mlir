// ARGS: --args '[dense<[1,2,3]> : tensor<3xi32>]' --emit=ir --refine
// the refined program: every shape static, the dynamic ops static
func.func @main(%x: tensor<?xi32>) -> tensor<2x?xi32> {
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xi32>) -> tensor<i32>
  %n1 = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %two = stablehlo.constant dense<2> : tensor<1xi32>
  %s = stablehlo.concatenate %two, %n1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %b = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<?xi32>, tensor<2xi32>) -> tensor<2x?xi32>
  %i = stablehlo.dynamic_iota %s, dim = 1 : (tensor<2xi32>) -> tensor<2x?xi32>
  %y = stablehlo.add %b, %i : tensor<2x?xi32>
  func.return %y : tensor<2x?xi32>
}
