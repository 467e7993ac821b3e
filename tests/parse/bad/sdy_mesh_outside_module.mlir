// ERROR: sdy_mesh_outside_module.mlir:2:1: error: 'sdy.mesh' is only valid at the top of a module
sdy.mesh @mesh = <["a"=2]>
func.func @main() {
  func.return
}
