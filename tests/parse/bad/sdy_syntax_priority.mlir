// ERROR: sdy_syntax_priority.mlir:5:49: error: expected a priority after 'p' in the Shardy attribute, got 'x'
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = sdy.sharding_constraint %x <@mesh, [{}px]> : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
