// ERROR: while_body_value_escapes.mlir:12:26: error: use of undefined value '%n'
func.func @f() {
  %a = stablehlo.constant dense<0> : tensor<i32>
  %r = stablehlo.while(%i = %a) : tensor<i32>
    cond {
      %c = stablehlo.constant dense<false> : tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %n = stablehlo.add %i, %i : tensor<i32>
      stablehlo.return %n : tensor<i32>
    }
  %s = stablehlo.add %r, %n : tensor<i32>
  func.return
}
