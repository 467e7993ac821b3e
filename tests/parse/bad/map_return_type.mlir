// ERROR: map_return_type.mlir:6:22: error: 'stablehlo.return' value #0 of a map body must be tensor<i1>, got tensor<f32>
func.func @f() {
  %a = stablehlo.constant dense<1.0> : tensor<2xf32>
  %r = "stablehlo.map"(%a) ({
  ^bb0(%x: tensor<f32>):
    stablehlo.return %x : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2xi1>
  func.return
}
