// ARGS: --args '[dense<[[3,1,2],[0,5,4]]> : tensor<2x3xi32>]'
// custom_call @stablehlo.dynamic_top_k (JAX's top_k with k = b - 1): k folded, then chlo.top_k
func.func @main(%x: tensor<2x?xi32>) -> (tensor<2x?xi32>, tensor<2x?xi32>) {
  %n = stablehlo.get_dimension_size %x, dim = 1 : (tensor<2x?xi32>) -> tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %k = stablehlo.subtract %n, %one : tensor<i32>
  %r:2 = stablehlo.custom_call @stablehlo.dynamic_top_k(%x, %k) {api_version = 2 : i32} : (tensor<2x?xi32>, tensor<i32>) -> (tensor<2x?xi32>, tensor<2x?xi32>)
  func.return %r#0, %r#1 : tensor<2x?xi32>, tensor<2x?xi32>
}
