// ERROR: reduce_two_regions.mlir:10:2: error: 'stablehlo.reduce' takes 1 region, got 2
func.func @main() {
 %c = stablehlo.constant dense<1.0> : tensor<2xf32>
 %i = stablehlo.constant dense<0.0> : tensor<f32>
 %r = "stablehlo.reduce"(%c, %i) ({
 ^bb0(%a: tensor<f32>, %b: tensor<f32>):
 %s = stablehlo.add %a, %b : tensor<f32>
 stablehlo.return %s : tensor<f32>
 }, {
 ^bb0(%a: tensor<f32>, %b: tensor<f32>):
 stablehlo.return %a : tensor<f32>
}) {dimensions = array<i64: 0>} : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
 func.return
}
