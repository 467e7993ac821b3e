// ERROR: sdy_sub_axis.mlir:5:47: error: 'sdy.sharding_constraint' sharding uses a sub-axis of size 3 of axis "a" of size 2
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = sdy.sharding_constraint %x <@mesh, [{"a":(1)3}]> : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
