// ERROR: sdy_per_value_list.mlir:5:95: error: expected ',' or ']' in the Shardy attribute, got '<'
module @m {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = "sdy.manual_computation"(%x) <{in_shardings = #sdy.sharding_per_value<[<@mesh, [{}]> <@mesh, [{}]>]>, manual_axes = #sdy.manual_axes<{}>, out_shardings = #sdy.sharding_per_value<[<@mesh, [{}]>]>}> ({
    ^bb0(%a: tensor<4xf32>):
      "sdy.return"(%a) : (tensor<4xf32>) -> ()
    }) : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
