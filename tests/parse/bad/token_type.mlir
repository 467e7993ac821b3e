// ERROR: token_type.mlir:2:18: error: unsupported type '!stablehlo.token'
func.func @f(%a: !stablehlo.token) {
  func.return
}
