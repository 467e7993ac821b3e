// ARGS: --args '[dense<[1,2,3]> : tensor<3xi32>]'
// a callee with dynamic types, refined for its call; the scalar size it is passed is known in it
func.func @main(%x: tensor<?xi32>) -> tensor<?xi32> {
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xi32>) -> tensor<i32>
  %y = func.call @twice(%n, %x) : (tensor<i32>, tensor<?xi32>) -> tensor<?xi32>
  func.return %y : tensor<?xi32>
}
func.func private @twice(%n: tensor<i32>, %x: tensor<?xi32>) -> tensor<?xi32> {
  %s = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %i = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi32>) -> tensor<?xi32>
  %y = stablehlo.add %x, %i : tensor<?xi32>
  func.return %y : tensor<?xi32>
}
