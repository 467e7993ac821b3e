// ERROR: sdy_mesh_not_angle.mlir:3:20: error: a mesh must be <[...]> or #sdy.mesh<[...]>
module @m {
  sdy.mesh @mesh = #sdy.sharding<@m, []>
}
