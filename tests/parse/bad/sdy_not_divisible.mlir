// ERROR: sdy_not_divisible.mlir:5:51: error: 'sdy.manual_computation' in_sharding splits dimension 0 of size 3 over manual axes of size 2, which does not divide it
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
    %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"a"} (%a: tensor<3xf32>) {
      sdy.return %a : tensor<3xf32>
    } : (tensor<3xf32>) -> tensor<3xf32>
    return %0 : tensor<3xf32>
  }
}
