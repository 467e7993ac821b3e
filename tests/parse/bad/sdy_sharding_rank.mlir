// ERROR: sdy_sharding_rank.mlir:5:25: error: 'sdy.reshard' sharding has 2 dimensions, its value tensor<4xf32> has rank 1
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = sdy.reshard %x <@mesh, [{}, {}]> : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
