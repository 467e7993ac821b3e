// ERROR: sdy_axis_twice.mlir:5:59: error: 'sdy.sharding_constraint' sharding uses axis "a" twice
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %0 = sdy.sharding_constraint %x <@mesh, [{"a"}, {"b", "a"}]> : tensor<4x4xf32>
    return %0 : tensor<4x4xf32>
  }
}
