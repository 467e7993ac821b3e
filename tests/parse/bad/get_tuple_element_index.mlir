// ERROR: get_tuple_element_index.mlir:6:8: error: 'stablehlo.get_tuple_element' index 2 is out of range for tuple<tensor<f32>, tensor<i8>> (2 elements)
func.func @f() {
  %a = stablehlo.constant dense<1.0> : tensor<f32>
  %b = stablehlo.constant dense<1> : tensor<i8>
  %t = stablehlo.tuple %a, %b : tuple<tensor<f32>, tensor<i8>>
  %e = stablehlo.get_tuple_element %t[2] : (tuple<tensor<f32>, tensor<i8>>) -> tensor<i8>
  func.return
}
