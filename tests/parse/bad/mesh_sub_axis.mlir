// ERROR: mesh_sub_axis.mlir:3:262: error: 'stablehlo.all_gather' axis_ref with sub_axis_info is not supported (REF aborts)
func.func @f(%x: tensor<4xf32>) {
  %r = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 2>, #stablehlo.mesh_axis<name = "y", size = 2>]>, axes = [#stablehlo.axis_ref<name = "x", sub_axis_info = #stablehlo.sub_axis_info<pre_size = 1, size = 2>>]>} : (tensor<4xf32>) -> tensor<8xf32>
  func.return
}
