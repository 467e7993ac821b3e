// ERROR: sdy_unknown_axis.mlir:5:47: error: 'sdy.sharding_constraint' sharding uses axis "c", which its mesh does not have
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = sdy.sharding_constraint %x <@mesh, [{"c"}]> : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
