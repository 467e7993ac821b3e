// ERROR: sdy_unknown_op.mlir:5:10: error: unsupported op 'sdy.all_gather' (docs/ops.md lists the supported ops)
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = sdy.all_gather %x : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
