// ERROR: sdy_manual_axis_unknown.mlir:5:108: error: 'sdy.manual_computation' manual axis "z" is not an axis of its mesh
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"z"} (%a: tensor<4xf32>) {
      sdy.return %a : tensor<4xf32>
    } : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
