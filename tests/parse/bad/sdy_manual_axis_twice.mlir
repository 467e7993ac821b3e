// ERROR: sdy_manual_axis_twice.mlir:5:112: error: 'sdy.manual_computation' manual axis "b" appears twice
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = "sdy.manual_computation"(%x) <{in_shardings = #sdy.sharding_per_value<[<@mesh, [{}]>]>, manual_axes = #sdy.manual_axes<{"b", "b"}>, out_shardings = #sdy.sharding_per_value<[<@mesh, [{}]>]>}> ({
    ^bb0(%a: tensor<4xf32>):
      "sdy.return"(%a) : (tensor<4xf32>) -> ()
    }) : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
