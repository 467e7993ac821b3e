// sdy.manual_computation over a manual axis of size 2 runs its body on two
// devices, each on its half: one device cannot run it, and says how many
// it needs (docs/syntax.md "Shardy").
// EXPECT-ERR: sdy_manual_two_devices.mlir:11:10: error: 'sdy.manual_computation' runs its body on 2 devices (the product of the sizes of its manual axes); ir-run runs one device, so this program needs 2 devices
module @two_devices {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main() {
    %x = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
    %c = sdy.sharding_constraint %x <@mesh, [{"a"}, {}]> : tensor<2x2xf32>
    // in the 10th line of the module
    %r = sdy.manual_computation(%c) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a", "b"} (%arg0: tensor<1x2xf32>) {
      sdy.return %arg0 : tensor<1x2xf32>
    } : (tensor<2x2xf32>) -> tensor<2x2xf32>
    check.expect_eq_const %r, dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
    func.return
  }
}
