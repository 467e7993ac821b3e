// ERROR: sdy_manual_keyword.mlir:5:37: error: expected 'in_shardings', got 'in_sharding'
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = sdy.manual_computation(%x) in_sharding=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={} (%a: tensor<4xf32>) {
      sdy.return %a : tensor<4xf32>
    } : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
