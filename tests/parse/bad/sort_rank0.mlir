// ERROR: sort_rank0.mlir:4:8: error: 'stablehlo.sort' operands must have rank >= 1, got tensor<f32>
func.func @f() {
  %a = stablehlo.constant dense<1.0> : tensor<f32>
  %r = "stablehlo.sort"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare LT, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<f32>) -> tensor<f32>
  func.return
}
