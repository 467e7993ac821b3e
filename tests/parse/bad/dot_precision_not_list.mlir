// ERROR: dot_precision_not_list.mlir:4:80: error: syntax error, unexpected integer, expecting '[' or '<'
func.func @main() -> tensor<2x2xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %1 = stablehlo.dot_general %0, %0, contracting_dims = [1] x [0], precision = 3 : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return %1 : tensor<2x2xf32>
}
