// ERROR: sdy_group_id.mlir:5:36: error: 'sdy.sharding_group' group_id must be a non-negative integer
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) {
    sdy.sharding_group %x group_id=-1 : tensor<4xf32>
    return
  }
}
