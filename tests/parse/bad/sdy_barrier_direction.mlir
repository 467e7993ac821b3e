// ERROR: sdy_barrier_direction.mlir:5:55: error: 'sdy.propagation_barrier' allowed_direction must be NONE, FORWARD, BACKWARD or BOTH
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = sdy.propagation_barrier %x allowed_direction=SIDEWAYS : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
