// ERROR: sdy_syntax_dim_sep.mlir:5:51: error: expected ',' or '}' in the Shardy attribute, got '"'
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = sdy.sharding_constraint %x <@mesh, [{"a" "b"}]> : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
