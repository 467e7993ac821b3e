// ERROR: sdy_mesh_size_huge.mlir:3:26: error: an axis size too large in the Shardy attribute
module @m {
  sdy.mesh @mesh = <["a"=99999999999999999999]>
}
