// ARGS: --args '[dense<[[1.0,2.0,3.0]]> : tensor<1x3xf32>, dense<[[1.0,2.0,3.0,4.0]]> : tensor<1x4xf32>]'
// ERROR: 'chlo.broadcast_add' operand dimensions 4 and 3 do not broadcast
// the static dimensions of a kept broadcasting op are checked at load
func.func @main(%a: tensor<?x3xf32>, %b: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %y = chlo.broadcast_add %a, %b : (tensor<?x3xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  func.return %y : tensor<?x4xf32>
}
