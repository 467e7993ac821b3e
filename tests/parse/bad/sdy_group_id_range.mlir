// ERROR: sdy_group_id_range.mlir:5:36: error: 'sdy.sharding_group' group_id out of range
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) {
    sdy.sharding_group %x group_id=9223372036854775808 : tensor<4xf32>
    return
  }
}
