// ERROR: sdy_body_arg_type.mlir:5:121: error: 'sdy.manual_computation' body argument #0 must be tensor<2xf32>, got tensor<4xf32>
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%a: tensor<4xf32>) {
      sdy.return %a : tensor<4xf32>
    } : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
