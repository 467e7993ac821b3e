// ERROR: sdy_body_return_type.mlir:6:18: error: 'sdy.return' value #0 of a manual_computation body must be tensor<4xf32>, got tensor<2xf32>
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"a"} (%a: tensor<2xf32>) {
      sdy.return %a : tensor<2xf32>
    } : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
