// ERROR: tuple_result_type.mlir:5:8: error: 'stablehlo.tuple' result type tuple<tensor<f32>, tensor<i32>> should be tuple<tensor<f32>, tensor<i8>>
func.func @f() {
  %a = stablehlo.constant dense<1.0> : tensor<f32>
  %b = stablehlo.constant dense<1> : tensor<i8>
  %t = "stablehlo.tuple"(%a, %b) : (tensor<f32>, tensor<i8>) -> tuple<tensor<f32>, tensor<i32>>
  func.return
}
