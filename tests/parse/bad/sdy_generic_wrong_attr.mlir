// ERROR: sdy_generic_wrong_attr.mlir:5:53: error: attribute 'sharding' must be #sdy.sharding<...>, got #sdy.sharding_per_value<...>
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = "sdy.sharding_constraint"(%x) <{sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>}> : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
