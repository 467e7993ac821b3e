// ERROR: region_two_blocks.mlir:7:3: error: a region must hold exactly one block
func.func @f() {
  %p = stablehlo.constant dense<true> : tensor<i1>
  "stablehlo.if"(%p) ({
  ^bb0:
    stablehlo.return
  ^bb1:
    stablehlo.return
  }, {
    stablehlo.return
  }) : (tensor<i1>) -> ()
  func.return
}
