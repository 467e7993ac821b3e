// ERROR: probe_tuple.mlir:5:28: error: 'interpreter.probe' operand #0 must be a tensor, got tuple<tensor<2xi32>>
func.func @f() {
  %a = stablehlo.constant dense<1> : tensor<2xi32>
  %t = stablehlo.tuple %a : tuple<tensor<2xi32>>
  %b = "interpreter.probe"(%t) {probe_id = "p"} : (tuple<tensor<2xi32>>) -> tuple<tensor<2xi32>>
  func.return
}
