// ERROR: sdy_mesh_too_big.mlir:3:33: error: mesh of more than 2147483647 devices
module @m {
  sdy.mesh @mesh = <["a"=65536, "b"=65536]>
}
