// ERROR: probe_no_id.mlir:4:8: error: 'interpreter.probe' requires the attribute 'probe_id'
func.func @f() {
  %a = stablehlo.constant dense<1> : tensor<2xi32>
  %b = "interpreter.probe"(%a) : (tensor<2xi32>) -> tensor<2xi32>
  func.return
}
