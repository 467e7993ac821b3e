// ERROR: sdy_syntax_sub_axis.mlir:5:47: error: sub-axis of "a" has a size 0
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = sdy.sharding_constraint %x <@mesh, [{"a":(0)2}]> : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
