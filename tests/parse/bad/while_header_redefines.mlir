// ERROR: while_header_redefines.mlir:4:24: error: redefinition of value '%a'
func.func @f() {
  %a = stablehlo.constant dense<0> : tensor<i32>
  %r = stablehlo.while(%a = %a) : tensor<i32>
    cond {
      %c = stablehlo.constant dense<false> : tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      stablehlo.return %a : tensor<i32>
    }
  func.return
}
