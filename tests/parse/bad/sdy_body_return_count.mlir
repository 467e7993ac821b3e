// ERROR: sdy_body_return_count.mlir:6:7: error: 'sdy.return' of a manual_computation body returns 0 values, expected 1
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={} (%a: tensor<4xf32>) {
      sdy.return
    } : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
