// ERROR: sort_comparator_order.mlir:6:26: error: 'stablehlo.sort' comparator argument #1 must be tensor<i32>, got tensor<f32>
func.func @f() {
  %k = stablehlo.constant dense<1> : tensor<5xi32>
  %v = stablehlo.constant dense<1.0> : tensor<5xf32>
  %r:2 = "stablehlo.sort"(%k, %v) ({
  ^bb0(%k0: tensor<i32>, %v0: tensor<f32>, %k1: tensor<i32>, %v1: tensor<f32>):
    %c = stablehlo.compare LT, %k0, %k1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<5xi32>, tensor<5xf32>) -> (tensor<5xi32>, tensor<5xf32>)
  func.return
}
