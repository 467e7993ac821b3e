// ERROR: sort_dimension.mlir:4:8: error: 'stablehlo.sort' dimension 2 is out of range [-2, 2)
func.func @f() {
  %a = stablehlo.constant dense<1.0> : tensor<2x3xf32>
  %r = "stablehlo.sort"(%a) <{dimension = 2 : i64}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare LT, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return
}
