// ERROR: sdy_mesh_generic_name.mlir:3:3: error: 'sdy.mesh' requires the property sym_name = "NAME"
module @m {
  "sdy.mesh"() <{mesh = #sdy.mesh<["a"=2]>}> : () -> ()
}
