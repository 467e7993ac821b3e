// ARGS: --args '[dense<[1.0,2.0,3.0]> : tensor<3xf32>, dense<[1.0,2.0,3.0,4.0]> : tensor<4xf32>]'
// ERROR: 'chlo.broadcast_add' operand dimensions 4 and 3 do not broadcast
// `?` dimensions that refine to sizes that do not broadcast: an error of the refinement
func.func @main(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %y = chlo.broadcast_add %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  func.return %y : tensor<?xf32>
}
