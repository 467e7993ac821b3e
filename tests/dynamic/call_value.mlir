// ARGS: --args '[dense<[7,8]> : tensor<2xi32>]'
// a size computed by a static helper function (as JAX's @remainder): its result's value is known
func.func @main(%x: tensor<?xi32>) -> tensor<?xi32> {
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xi32>) -> tensor<i32>
  %m = func.call @plus_one(%n) : (tensor<i32>) -> tensor<i32>
  %s = stablehlo.reshape %m : (tensor<i32>) -> tensor<1xi32>
  %i = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi32>) -> tensor<?xi32>
  func.return %i : tensor<?xi32>
}
func.func private @plus_one(%a: tensor<i32>) -> tensor<i32> {
  %one = stablehlo.constant dense<1> : tensor<i32>
  %b = stablehlo.add %a, %one : tensor<i32>
  func.return %b : tensor<i32>
}
