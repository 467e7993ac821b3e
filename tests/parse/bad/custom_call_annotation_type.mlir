// ERROR: custom_call_annotation_type.mlir:4:8: error: '@Sharding' result #0 must have its operand's type tensor<2xf32>, got tensor<2xf64>
func.func @f() {
  %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
  %1 = stablehlo.custom_call @Sharding(%0) {mhlo.sharding = "{replicated}"} : (tensor<2xf32>) -> tensor<2xf64>
  func.return
}
