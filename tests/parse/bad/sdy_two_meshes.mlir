// ERROR: sdy_two_meshes.mlir:6:81: error: 'sdy.manual_computation' shardings must all use one mesh
module @m {
  sdy.mesh @mesh = <["a"=2]>
  sdy.mesh @other = <["a"=4]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{}]>] out_shardings=[<@other, [{}]>] manual_axes={} (%a: tensor<4xf32>) {
      sdy.return %a : tensor<4xf32>
    } : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
