// ERROR: sdy_mesh_size_zero.mlir:3:22: error: mesh axis "a" has size 0 (sizes are at least 1)
module @m {
  sdy.mesh @mesh = <["a"=0]>
}
