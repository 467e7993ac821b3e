// ERROR: print_result.mlir:4:8: error: 'interpreter.print' has 0 results, got 1
func.func @f() {
  %a = stablehlo.constant dense<1> : tensor<i32>
  %b = "interpreter.print"(%a) : (tensor<i32>) -> tensor<i32>
  func.return
}
