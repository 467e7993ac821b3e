// ERROR: sdy_barrier_missing.mlir:5:10: error: 'sdy.propagation_barrier' requires the attribute 'allowed_direction'
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = "sdy.propagation_barrier"(%x) : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
