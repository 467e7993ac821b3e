// ERROR: sdy_mesh_twice.mlir:4:12: error: mesh '@mesh' is defined twice
module @m {
  sdy.mesh @mesh = <["a"=2]>
  sdy.mesh @mesh = <["a"=4]>
}
