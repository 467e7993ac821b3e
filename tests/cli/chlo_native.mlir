// chlo ops that run by a native kernel (docs/chlo.md, "Native kernels"):
// tests/run_cli.sh runs this with and without IRRUN_CHLO=decompose (the
// same stdout) and checks that --emit=ir prints their decomposition.
func.func @main(%x: tensor<2x4xf32>, %b: tensor<4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x2xf32>, tensor<2x2xi32>, tensor<2x4xf32>) {
  %e = chlo.erf %x : tensor<2x4xf32> -> tensor<2x4xf32>
  %l = chlo.lgamma %x : tensor<2x4xf32> -> tensor<2x4xf32>
  %v, %i = chlo.top_k(%x, k = 2) : tensor<2x4xf32> -> (tensor<2x2xf32>, tensor<2x2xi32>)
  %s = chlo.broadcast_add %x, %b : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  func.return %e, %l, %v, %i, %s : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x2xf32>, tensor<2x2xi32>, tensor<2x4xf32>
}
