// ERROR: call_callee_not_symbol.mlir:3:32: error: 'func.call' attribute 'callee' must be a symbol like @f
func.func @main() -> tensor<f32> {
  %0 = "func.call"() {callee = 3} : () -> tensor<f32>
  func.return %0 : tensor<f32>
}
