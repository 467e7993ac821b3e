// ERROR: sdy_syntax_unterminated_string.mlir:5:47: error: unterminated string
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = sdy.sharding_constraint %x <@mesh, [{"a}]> : tensor<4xf32>
  }
}
