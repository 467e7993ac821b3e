// ERROR: sdy_wrong_terminator.mlir:6:7: error: a manual_computation body must end with 'sdy.return'
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={} (%a: tensor<4xf32>) {
      stablehlo.return %a : tensor<4xf32>
    } : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
