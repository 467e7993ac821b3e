// ARGS: --args '[dense<[[23], [11]]> : tensor<2x1xi32>, dense<[-28, 45, 13]> : tensor<3xi32>, dense<[[-5, 68, 36], [-17, 56, 24]]> : tensor<2x3xi32>, dense<[[-115, 1564, 828], [-187, 616, 264]]> : tensor<2x3xi32>]'
// ARGS: --args '[dense<[[-31], [-42], [-7], [42]]> : tensor<4x1xi32>, dense<[-23, -30, 28, 35, -8]> : tensor<5xi32>, dense<[[-54, -61, -3, 4, -39], [-65, -72, -14, -7, -50], [-30, -37, 21, 28, -15], [19, 12, 70, 77, 34]]> : tensor<4x5xi32>, dense<[[1674, 1891, 93, -124, 1209], [2730, 3024, 588, 294, 2100], [210, 259, -147, -196, 105], [798, 504, 2940, 3234, 1428]]> : tensor<4x5xi32>]'
// chlo.broadcast_add and broadcast_multiply with `?` dimensions
func.func @main(%a: tensor<?x1xi32>, %b: tensor<?xi32>, %sum: tensor<?x?xi32>, %prod: tensor<?x?xi32>) {
  %s = chlo.broadcast_add %a, %b : (tensor<?x1xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  check.expect_eq %s, %sum : tensor<?x?xi32>
  %r = stablehlo.reshape %a : (tensor<?x1xi32>) -> tensor<?xi32>
  %p = chlo.broadcast_multiply %r, %s {broadcast_dimensions = array<i64: 0>} : (tensor<?xi32>, tensor<?x?xi32>) -> tensor<?x?xi32>
  check.expect_eq %p, %prod : tensor<?x?xi32>
  func.return
}
