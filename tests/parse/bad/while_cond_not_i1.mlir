// ERROR: while_cond_not_i1.mlir:6:24: error: 'stablehlo.return' value #0 of a while condition must be tensor<i1>, got tensor<i32>
func.func @f() {
  %a = stablehlo.constant dense<0> : tensor<i32>
  %r = stablehlo.while(%i = %a) : tensor<i32>
    cond {
      stablehlo.return %i : tensor<i32>
    } do {
      stablehlo.return %i : tensor<i32>
    }
  func.return
}
