// ERROR: get_tuple_element_not_tuple.mlir:4:38: error: 'stablehlo.get_tuple_element' operand must be a tuple, got tensor<f32>
func.func @f() {
  %a = stablehlo.constant dense<1.0> : tensor<f32>
  %e = "stablehlo.get_tuple_element"(%a) {index = 0 : i32} : (tensor<f32>) -> tensor<f32>
  func.return
}
