// ERROR: get_tuple_element_type.mlir:6:8: error: 'stablehlo.get_tuple_element' result type tensor<f32> should be tensor<i8>
func.func @f() {
  %a = stablehlo.constant dense<1.0> : tensor<f32>
  %b = stablehlo.constant dense<1> : tensor<i8>
  %t = stablehlo.tuple %a, %b : tuple<tensor<f32>, tensor<i8>>
  %e = stablehlo.get_tuple_element %t[1] : (tuple<tensor<f32>, tensor<i8>>) -> tensor<f32>
  func.return
}
