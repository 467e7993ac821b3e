// ERROR: while_cond_two_values.mlir:7:7: error: 'stablehlo.return' of a while condition returns 2 values, expected 1
func.func @f() {
  %a = stablehlo.constant dense<0> : tensor<i32>
  %r = stablehlo.while(%i = %a) : tensor<i32>
    cond {
      %c = stablehlo.constant dense<true> : tensor<i1>
      stablehlo.return %c, %c : tensor<i1>, tensor<i1>
    } do {
      stablehlo.return %i : tensor<i32>
    }
  func.return
}
