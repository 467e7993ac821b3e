// ERROR: sdy_identity_type.mlir:5:10: error: 'sdy.sharding_constraint' returns its operand's type tensor<4xf32>, got tensor<4xf64>
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf64> {
    %0 = "sdy.sharding_constraint"(%x) <{sharding = #sdy.sharding<@mesh, [{}]>}> : (tensor<4xf32>) -> tensor<4xf64>
    return %0 : tensor<4xf64>
  }
}
