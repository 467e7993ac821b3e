// ERROR: reduce_precision_int.mlir:3:8: error: 'stablehlo.reduce_precision' does not accept element type i32 (expected float elements)
func.func @main(%a: tensor<2xi32>) -> tensor<2xi32> {
  %0 = stablehlo.reduce_precision %a, format = e5m10 : tensor<2xi32>
  func.return %0 : tensor<2xi32>
}
