// ERROR: probe_id_not_string.mlir:4:44: error: 'interpreter.probe' attribute 'probe_id' must be a string
func.func @f() {
  %a = stablehlo.constant dense<1> : tensor<2xi32>
  %b = "interpreter.probe"(%a) {probe_id = 3 : i32} : (tensor<2xi32>) -> tensor<2xi32>
  func.return
}
