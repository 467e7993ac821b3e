// ERROR: probe_id_newline.mlir:4:41: error: 'interpreter.probe' probe_id may not contain a line break (index.csv records are `id,type,path` lines)
func.func @f() {
  %a = stablehlo.constant dense<1> : tensor<2xi32>
  %b = interpreter.probe %a, probe_id = "a\nb" : tensor<2xi32>
  func.return
}
