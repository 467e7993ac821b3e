// ERROR: while_cond_uses_body_value.mlir:6:36: error: use of undefined value '%n'
func.func @f() {
  %a = stablehlo.constant dense<0> : tensor<i32>
  %r = "stablehlo.while"(%a) ({
  ^bb0(%i: tensor<i32>):
    %c = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%i: tensor<i32>):
    %n = stablehlo.add %i, %i : tensor<i32>
    stablehlo.return %n : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  func.return
}
