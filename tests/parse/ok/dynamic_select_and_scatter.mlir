// select_and_scatter with `?` types and no window_strides/padding: the defaults print back (round trip)
func.func @main(%x: tensor<?x4xf32>, %s: tensor<?x2xf32>) -> tensor<?x4xf32> {
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %d = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %d : tensor<f32>
  }) {window_dimensions = array<i64: 1, 2>} : (tensor<?x4xf32>, tensor<?x2xf32>, tensor<f32>) -> tensor<?x4xf32>
  func.return %r : tensor<?x4xf32>
}
