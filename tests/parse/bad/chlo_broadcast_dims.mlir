// ERROR: chlo_broadcast_dims.mlir:5:8: error: 'chlo.broadcast_add' broadcast_dimensions entry 2 is out of range or not increasing
func.func @main() -> tensor<2x3xf32> {
  %0 = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %1 = stablehlo.constant dense<1.0> : tensor<2x3xf32>
  %2 = chlo.broadcast_add %0, %1 {broadcast_dimensions = array<i64: 2>} : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %2 : tensor<2x3xf32>
}
