// ERROR: sdy_syntax_pre_size.mlir:5:52: error: expected a sub-axis pre-size in the Shardy attribute, got 'x'
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = sdy.sharding_constraint %x <@mesh, [{"a":(x)2}]> : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
