// ERROR: while_body_count.mlir:10:7: error: 'stablehlo.return' of a while body returns 1 value, expected 2
func.func @f() {
  %a = stablehlo.constant dense<0> : tensor<i32>
  %b = stablehlo.constant dense<1.0> : tensor<f16>
  %r:2 = stablehlo.while(%i = %a, %x = %b) : tensor<i32>, tensor<f16>
    cond {
      %c = stablehlo.constant dense<false> : tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      stablehlo.return %i : tensor<i32>
    }
  func.return
}
