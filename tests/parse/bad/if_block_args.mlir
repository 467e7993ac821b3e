// ERROR: if_block_args.mlir:5:8: error: 'stablehlo.if' branch #0 must not have block arguments
func.func @f() {
  %p = stablehlo.constant dense<true> : tensor<i1>
  %r = "stablehlo.if"(%p) ({
  ^bb0(%x: tensor<f32>):
    stablehlo.return %x : tensor<f32>
  }, {
    %b = stablehlo.constant dense<2.0> : tensor<f32>
    stablehlo.return %b : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  func.return
}
