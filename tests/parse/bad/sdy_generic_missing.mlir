// ERROR: sdy_generic_missing.mlir:5:10: error: 'sdy.reshard' requires the attribute 'sharding'
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = "sdy.reshard"(%x) : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
