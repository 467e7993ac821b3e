// ERROR: sdy_mesh_axis_twice.mlir:3:36: error: mesh axis "a" appears twice
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1, "a"=3]>
}
