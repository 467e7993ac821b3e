// ERROR: tuple_type.mlir:3:8: error: 'stablehlo.get_tuple_element' index 1 is out of range for tuple<tensor<f32>> (1 element)
func.func @f(%a: tuple<tensor<f32>>) {
  %0 = stablehlo.get_tuple_element %a[1] : (tuple<tensor<f32>>) -> tensor<f32>
  func.return
}
