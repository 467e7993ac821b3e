// ERROR: while_body_type.mlir:11:28: error: 'stablehlo.return' value #1 of a while body must be tensor<f16>, got tensor<f32>
func.func @f() {
  %a = stablehlo.constant dense<0> : tensor<i32>
  %b = stablehlo.constant dense<1.0> : tensor<f16>
  %r:2 = stablehlo.while(%i = %a, %x = %b) : tensor<i32>, tensor<f16>
    cond {
      %c = stablehlo.constant dense<false> : tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %y = stablehlo.constant dense<2.0> : tensor<f32>
      stablehlo.return %i, %y : tensor<i32>, tensor<f32>
    }
  func.return
}
