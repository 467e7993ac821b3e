// ERROR: while_block_arg_type.mlir:6:25: error: 'stablehlo.while' condition argument #1 must be tensor<f16>, got tensor<f32>
func.func @f() {
  %a = stablehlo.constant dense<0> : tensor<i32>
  %b = stablehlo.constant dense<1.0> : tensor<f16>
  %r:2 = "stablehlo.while"(%a, %b) ({
  ^bb0(%i: tensor<i32>, %x: tensor<f32>):
    %c = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%i: tensor<i32>, %x: tensor<f16>):
    stablehlo.return %i, %x : tensor<i32>, tensor<f16>
  }) : (tensor<i32>, tensor<f16>) -> (tensor<i32>, tensor<f16>)
  func.return
}
