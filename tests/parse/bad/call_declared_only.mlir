// ERROR: call_declared_only.mlir:4:8: error: 'func.call' to '@g', which is declared without a body
func.func private @g() -> tensor<f32>
func.func @main() -> tensor<f32> {
  %0 = func.call @g() : () -> tensor<f32>
  func.return %0 : tensor<f32>
}
