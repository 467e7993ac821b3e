// ARGS: --args '[dense<[[1],[2]]> : tensor<2x1xi32>, dense<[1,2,3]> : tensor<3xi32>]' --emit=ir --refine
// the refined program of a chlo op with `?` types: static, and decomposed as --emit=ir prints chlo ops
func.func @main(%a: tensor<?x1xi32>, %b: tensor<?xi32>) -> tensor<?x?xi32> {
  %s = chlo.broadcast_add %a, %b : (tensor<?x1xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  func.return %s : tensor<?x?xi32>
}
