// ERROR: print_two_operands.mlir:4:3: error: 'interpreter.print' takes 1 operand, got 2
func.func @f() {
  %a = stablehlo.constant dense<1> : tensor<i32>
  "interpreter.print"(%a, %a) : (tensor<i32>, tensor<i32>) -> ()
  func.return
}
