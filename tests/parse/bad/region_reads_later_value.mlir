// ERROR: region_reads_later_value.mlir:5:22: error: use of undefined value '%late'
func.func @f() -> tensor<i32> {
  %p = stablehlo.constant dense<true> : tensor<i1>
  %r = "stablehlo.if"(%p) ({
    stablehlo.return %late : tensor<i32>
  }, {
    stablehlo.return %late : tensor<i32>
  }) : (tensor<i1>) -> tensor<i32>
  %late = stablehlo.constant dense<1> : tensor<i32>
  func.return %r : tensor<i32>
}
