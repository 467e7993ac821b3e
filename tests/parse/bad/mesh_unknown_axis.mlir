// ERROR: mesh_unknown_axis.mlir:3:270: error: 'stablehlo.all_gather' axes names 'z', which is not a mesh axis or is listed twice
func.func @f(%x: tensor<4xf32>) {
  %r = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 2>, #stablehlo.mesh_axis<name = "y", size = 2>]>, axes = [#stablehlo.axis_ref<name = "z">]>} : (tensor<4xf32>) -> tensor<8xf32>
  func.return
}
