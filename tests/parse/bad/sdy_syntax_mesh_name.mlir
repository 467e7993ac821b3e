// ERROR: sdy_syntax_mesh_name.mlir:5:39: error: expected a mesh name after '@' in the Shardy attribute, got ','
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = sdy.sharding_constraint %x <@, [{}]> : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
