// ARGS: --args '[dense<4> : tensor<i64>, dense<[10,20,30,40]> : tensor<4xi64>]'
// dynamic_iota of the size given as a value (JAX's dimension argument), added to x
func.func @main(%n: tensor<i64>, %x: tensor<?xi64>) -> tensor<?xi64> {
  %s = stablehlo.reshape %n : (tensor<i64>) -> tensor<1xi64>
  %i = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi64>) -> tensor<?xi64>
  %y = stablehlo.add %i, %x : tensor<?xi64>
  func.return %y : tensor<?xi64>
}
