// ERROR: sdy_mesh_generic_mesh.mlir:3:3: error: 'sdy.mesh' requires the property mesh = #sdy.mesh<...>
module @m {
  "sdy.mesh"() <{mesh = 3, sym_name = "m"}> : () -> ()
}
