// ERROR: while_one_region.mlir:4:8: error: 'stablehlo.while' takes 2 regions, got 1
func.func @f() {
  %a = stablehlo.constant dense<0> : tensor<i32>
  %r = "stablehlo.while"(%a) ({
  ^bb0(%i: tensor<i32>):
    %c = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<i32>) -> tensor<i32>
  func.return
}
