// ERROR: custom_call_annotation_count.mlir:4:10: error: '@annotate_device_placement' is an annotation: it returns its 1 operand, got 2 results
func.func @f() {
  %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
  %1:2 = stablehlo.custom_call @annotate_device_placement(%0) {has_side_effect = true} : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  func.return
}
