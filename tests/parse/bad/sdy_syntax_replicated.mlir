// ERROR: sdy_syntax_replicated.mlir:5:51: error: expected 'replicated' or 'unreduced' in the Shardy attribute, got 'c'
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = sdy.sharding_constraint %x <@mesh, [{}], copies={}> : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
