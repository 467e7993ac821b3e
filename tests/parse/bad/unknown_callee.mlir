// ERROR: unknown_callee.mlir:3:8: error: 'func.call' to unknown function '@nope'
func.func @f() {
  %0 = func.call @nope() : () -> tensor<f32>
  func.return
}
