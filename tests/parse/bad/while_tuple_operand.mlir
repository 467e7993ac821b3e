// ERROR: while_tuple_operand.mlir:3:29: error: 'stablehlo.while' operand #0 must be a tensor or a token, got tuple<tensor<f32>>
func.func @f(%t: tuple<tensor<f32>>) {
  %r = stablehlo.while(%x = %t) : tuple<tensor<f32>>
    cond {
      %c = stablehlo.constant dense<false> : tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      stablehlo.return %x : tuple<tensor<f32>>
    }
  func.return
}
