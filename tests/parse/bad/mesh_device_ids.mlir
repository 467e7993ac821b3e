// ERROR: mesh_device_ids.mlir:3:203: error: 'stablehlo.all_gather' mesh device_ids must be an integer dense literal of 2 elements
func.func @f(%x: tensor<4xf32>) {
  %r = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 2>], device_ids = dense<[0, 1, 2]> : tensor<3xi64>>, axes = [#stablehlo.axis_ref<name = "x">]>} : (tensor<4xf32>) -> tensor<8xf32>
  func.return
}
