// ERROR: while_block_arg_count.mlir:5:10: error: 'stablehlo.while' body must take 2 arguments (one per operand), got 1
func.func @f() {
  %a = stablehlo.constant dense<0> : tensor<i32>
  %b = stablehlo.constant dense<1.0> : tensor<f16>
  %r:2 = "stablehlo.while"(%a, %b) ({
  ^bb0(%i: tensor<i32>, %x: tensor<f16>):
    %c = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%i: tensor<i32>):
    stablehlo.return %i, %b : tensor<i32>, tensor<f16>
  }) : (tensor<i32>, tensor<f16>) -> (tensor<i32>, tensor<f16>)
  func.return
}
