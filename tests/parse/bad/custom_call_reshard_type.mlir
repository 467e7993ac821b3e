// ERROR: custom_call_reshard_type.mlir:4:8: error: '@SPMDFullToShardShape' result #0 must have its operand's type tensor<2x4xf32>, got tensor<1x4xi32>
func.func @f() {
  %0 = stablehlo.constant dense<1.0> : tensor<2x4xf32>
  %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<2x4xf32>) -> tensor<1x4xi32>
  func.return
}
