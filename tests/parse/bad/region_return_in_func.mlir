// ERROR: region_return_in_func.mlir:4:3: error: function '@main' must end with 'func.return'
func.func @main() -> tensor<f32> {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  stablehlo.return %0 : tensor<f32>
}
