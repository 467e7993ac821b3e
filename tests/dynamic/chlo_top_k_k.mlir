// ARGS: --args '[dense<[1.0]> : tensor<1xf32>]'
// ERROR: 'chlo.top_k' k = 2 exceeds the last dimension, 1
// top_k's k against a `?` last dimension: checked once it is refined
func.func @main(%x: tensor<?xf32>) -> (tensor<2xf32>, tensor<2xi32>) {
  %v:2 = chlo.top_k(%x, k = 2) : tensor<?xf32> -> (tensor<2xf32>, tensor<2xi32>)
  func.return %v#0, %v#1 : tensor<2xf32>, tensor<2xi32>
}
