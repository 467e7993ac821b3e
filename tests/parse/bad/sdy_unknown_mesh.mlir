// ERROR: sdy_unknown_mesh.mlir:5:37: error: 'sdy.sharding_constraint' sharding names mesh '@nomesh', which no 'sdy.mesh' of the module defines
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = sdy.sharding_constraint %x <@nomesh, [{}]> : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
