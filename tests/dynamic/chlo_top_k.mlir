// ARGS: --args '[dense<[[3, 0, -3, -8], [-3, -4, -3, -9]]> : tensor<2x4xi32>, dense<[[3, 0], [-3, -3]]> : tensor<2x2xi32>, dense<[[0, 1], [0, 2]]> : tensor<2x2xi32>, dense<[0xBEA92CBF, 0x3FC4E7EE, 0xBF6BE5BF]> : tensor<3xf32>, dense<[0x3FC4E7EE, 0xBEA92CBF]> : tensor<2xf32>, dense<[1, 0]> : tensor<2xi32>]'
// ARGS: --args '[dense<[[-3, -6, 6, -5], [-5, -7, -2, 3], [-6, -6, 1, -9]]> : tensor<3x4xi32>, dense<[[6, -3], [3, -2], [1, -6]]> : tensor<3x2xi32>, dense<[[2, 0], [3, 2], [2, 0]]> : tensor<3x2xi32>, dense<[0x401B9588, 0xBFDA2AAC, 0xC0062B72, 0xC05B2CAF, 0x400F81A8, 0x3CCF50A1]> : tensor<6xf32>, dense<[0x401B9588, 0x400F81A8]> : tensor<2xf32>, dense<[0, 4]> : tensor<2xi32>]'
// chlo.top_k on operands with `?` dimensions (rows, and the sorted dimension itself)
func.func @main(%x: tensor<?x4xi32>, %xv: tensor<?x2xi32>, %xi: tensor<?x2xi32>,
                %y: tensor<?xf32>, %yv: tensor<2xf32>, %yi: tensor<2xi32>) {
  %v:2 = chlo.top_k(%x, k = 2) : tensor<?x4xi32> -> (tensor<?x2xi32>, tensor<?x2xi32>)
  check.expect_eq %v#0, %xv : tensor<?x2xi32>
  check.expect_eq %v#1, %xi : tensor<?x2xi32>
  %w:2 = chlo.top_k(%y, k = 2) : tensor<?xf32> -> (tensor<2xf32>, tensor<2xi32>)
  check.expect_eq %w#0, %yv : tensor<2xf32>
  check.expect_eq %w#1, %yi : tensor<2xi32>
  func.return
}
