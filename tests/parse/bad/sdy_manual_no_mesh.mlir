// ERROR: sdy_manual_no_mesh.mlir:5:75: error: 'sdy.manual_computation' has manual axes but no sharding names their mesh
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main() {
    sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={"a"} () {
      sdy.return
    } : () -> ()
    return
  }
}
