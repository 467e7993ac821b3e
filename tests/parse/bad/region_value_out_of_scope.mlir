// ERROR: region_value_out_of_scope.mlir:9:22: error: use of undefined value '%inner'
func.func @f() -> tensor<i32> {
  %p = stablehlo.constant dense<true> : tensor<i1>
  %r = "stablehlo.if"(%p) ({
    %inner = stablehlo.constant dense<1> : tensor<i32>
    stablehlo.return %inner : tensor<i32>
  }, {
    %other = stablehlo.constant dense<2> : tensor<i32>
    stablehlo.return %inner : tensor<i32>
  }) : (tensor<i1>) -> tensor<i32>
  func.return %r : tensor<i32>
}
