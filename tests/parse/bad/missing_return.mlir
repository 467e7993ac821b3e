// ERROR: missing_return.mlir:3:8: error: function '@f' must end with 'func.return'
func.func @f() {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
}
