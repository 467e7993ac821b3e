// ERROR: mesh_no_mesh.mlir:3:113: error: 'stablehlo.all_gather' replica_group_mesh_axes needs mesh = #stablehlo.mesh<axes = [...]> and axes = [...]
func.func @f(%x: tensor<4xf32>) {
  %r = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @m, axes = [#stablehlo.axis_ref<name = "x">]>} : (tensor<4xf32>) -> tensor<8xf32>
  func.return
}
