// ERROR: map_arg_type.mlir:5:8: error: 'stablehlo.map' body argument #0 must be tensor<f32>, got tensor<f16>
func.func @f() {
  %a = stablehlo.constant dense<1.0> : tensor<2xf32>
  %r = "stablehlo.map"(%a) ({
  ^bb0(%x: tensor<f16>):
    %y = stablehlo.constant dense<1.0> : tensor<f32>
    stablehlo.return %y : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2xf32>
  func.return
}
