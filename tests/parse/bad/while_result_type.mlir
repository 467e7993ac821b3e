// ERROR: while_result_type.mlir:4:8: error: 'stablehlo.while' result #0 has type tensor<i64> but operand #0 has type tensor<i32>
func.func @f() {
  %a = stablehlo.constant dense<0> : tensor<i32>
  %r = "stablehlo.while"(%a) ({
  ^bb0(%i: tensor<i32>):
    %c = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%i: tensor<i32>):
    stablehlo.return %i : tensor<i32>
  }) : (tensor<i32>) -> tensor<i64>
  func.return
}
