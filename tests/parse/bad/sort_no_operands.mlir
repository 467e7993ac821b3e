// ERROR: sort_no_operands.mlir:3:3: error: 'stablehlo.sort' needs at least one operand
func.func @f() {
  "stablehlo.sort"() ({
    %c = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : () -> ()
  func.return
}
