// ERROR: sdy_mesh_device_ids.mlir:3:37: error: device_ids lists 3 devices, the mesh has 4
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=2], device_ids=[0, 1, 2]>
}
