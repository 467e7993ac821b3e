// ERROR: probe_result_type.mlir:4:8: error: 'interpreter.probe' requires operand and result to have the same type, got tensor<2xi32> and tensor<2xf32>
func.func @f() {
  %a = stablehlo.constant dense<1> : tensor<2xi32>
  %b = "interpreter.probe"(%a) {probe_id = "p"} : (tensor<2xi32>) -> tensor<2xf32>
  func.return
}
