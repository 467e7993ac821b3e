// ERROR: sort_shapes_differ.mlir:5:31: error: 'stablehlo.sort' operand #1 has shape tensor<4xf32>, expected the shape of tensor<5xi32>
func.func @f() {
  %k = stablehlo.constant dense<1> : tensor<5xi32>
  %v = stablehlo.constant dense<1.0> : tensor<4xf32>
  %r:2 = "stablehlo.sort"(%k, %v) ({
  ^bb0(%k0: tensor<i32>, %k1: tensor<i32>, %v0: tensor<f32>, %v1: tensor<f32>):
    %c = stablehlo.compare LT, %k0, %k1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<5xi32>, tensor<4xf32>) -> (tensor<5xi32>, tensor<4xf32>)
  func.return
}
