// ERROR: sdy_generic_not_sdy.mlir:5:53: error: attribute 'sharding' must be a Shardy #sdy.sharding<...>
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = "sdy.sharding_constraint"(%x) <{sharding = "text"}> : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
