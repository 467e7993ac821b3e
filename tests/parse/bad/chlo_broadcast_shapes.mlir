// ERROR: chlo_broadcast_shapes.mlir:5:8: error: 'chlo.broadcast_add' operand dimensions 3 and 2 do not broadcast
func.func @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %2 = chlo.broadcast_add %0, %1 : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}
