// ERROR: probe_keyword.mlir:4:30: error: expected 'probe_id', got 'id'
func.func @f() {
  %a = stablehlo.constant dense<1> : tensor<2xi32>
  %b = interpreter.probe %a, id = "p" : tensor<2xi32>
  func.return
}
