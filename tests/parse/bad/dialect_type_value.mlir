// ERROR: dialect_type_value.mlir:2:18: error: unsupported type '!foo.bar'
func.func @f(%a: !foo.bar<i32>) {
  func.return
}
