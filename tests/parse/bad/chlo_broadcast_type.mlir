// ERROR: chlo_broadcast_type.mlir:4:8: error: 'chlo.broadcast_and' does not take element type f32 (as 'stablehlo.and')
func.func @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = chlo.broadcast_and %0, %0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  func.return %1 : tensor<2xf32>
}
