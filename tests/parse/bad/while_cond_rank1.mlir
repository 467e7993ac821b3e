// ERROR: while_cond_rank1.mlir:7:24: error: 'stablehlo.return' value #0 of a while condition must be tensor<i1>, got tensor<1xi1>
func.func @f() {
  %a = stablehlo.constant dense<0> : tensor<i32>
  %r = stablehlo.while(%i = %a) : tensor<i32>
    cond {
      %c = stablehlo.constant dense<true> : tensor<1xi1>
      stablehlo.return %c : tensor<1xi1>
    } do {
      stablehlo.return %i : tensor<i32>
    }
  func.return
}
