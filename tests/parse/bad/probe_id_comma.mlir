// ERROR: probe_id_comma.mlir:4:41: error: 'interpreter.probe' probe_id may not contain a comma (index.csv records are `id,type,path` lines)
func.func @f() {
  %a = stablehlo.constant dense<1> : tensor<2xi32>
  %b = interpreter.probe %a, probe_id = "a,b" : tensor<2xi32>
  func.return
}
