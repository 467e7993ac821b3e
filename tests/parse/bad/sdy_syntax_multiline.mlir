// ERROR: sdy_syntax_multiline.mlir:7:26: error: expected a quoted axis name in the Shardy attribute, got 'a'
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = sdy.manual_computation(%x)
        in_shardings=[<@mesh,
                       [{a}]>]
        out_shardings=[<@mesh, [{}]>] manual_axes={} (%a: tensor<4xf32>) {
      sdy.return %a : tensor<4xf32>
    } : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
